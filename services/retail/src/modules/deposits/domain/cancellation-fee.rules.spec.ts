import { describe, expect, it } from 'vitest';
import { cancellationFee, feeChargeKey } from './cancellation-fee.rules.js';

const policy = { noShowFeeMinor: 2500, lateCancelFeeMinor: 1500 };

describe('cancellationFee (the booking policy’s fees)', () => {
  it.each([
    ['no-show', false, { kind: 'no_show', amountMinor: 2500, lineName: 'No-show fee' }],
    ['no-show', true, { kind: 'no_show', amountMinor: 2500, lineName: 'No-show fee' }],
    ['cancelled', true, { kind: 'late_cancel', amountMinor: 1500, lineName: 'Late cancellation fee' }],
  ] as const)('%s (late cancel %s) → the policy’s fee', (status, lateCancel, fee) => {
    const d = cancellationFee({ status, lateCancel }, policy, null, false);
    expect(d).toMatchObject({ ok: true, ...fee });
    if (d.ok) expect(d.reason).toContain('$' + (fee.amountMinor / 100).toFixed(2));
  });

  it.each([
    ['cancelled', false, 'before the late-cancel window'],
    ['booked', false, 'Only a no-show or a cancellation'],
    ['completed', false, 'Only a no-show or a cancellation'],
    ['checked-in', false, 'Only a no-show or a cancellation'],
  ] as const)('%s (late cancel %s) → no fee', (status, lateCancel, why) => {
    expect(cancellationFee({ status, lateCancel }, policy, null, false)).toMatchObject({
      ok: false,
      code: 'not_applicable',
      reason: expect.stringContaining(why),
    });
  });

  it('takes the amount from the policy; a policy without that fee charges nothing', () => {
    const noShow = { status: 'no-show', lateCancel: false } as const;
    expect(cancellationFee(noShow, { noShowFeeMinor: 999, lateCancelFeeMinor: null }, null, false)).toMatchObject({
      ok: true,
      amountMinor: 999,
    });
    expect(cancellationFee(noShow, { noShowFeeMinor: null, lateCancelFeeMinor: 1500 }, null, false)).toMatchObject({
      ok: false,
      reason: 'The location’s booking policy sets no no-show fee',
    });
    expect(cancellationFee(noShow, { noShowFeeMinor: 0, lateCancelFeeMinor: 0 }, null, false)).toMatchObject({ ok: false });
    const late = { status: 'cancelled', lateCancel: true } as const;
    expect(cancellationFee(late, { noShowFeeMinor: 2500, lateCancelFeeMinor: null }, null, false)).toMatchObject({
      ok: false,
      reason: 'The location’s booking policy sets no late-cancel fee',
    });
  });

  it('is never charged twice', () => {
    expect(cancellationFee({ status: 'no-show', lateCancel: false }, policy, null, true)).toMatchObject({
      ok: false,
      code: 'already_charged',
    });
  });

  it.each([
    ['forfeited', false],
    ['held', false],
    ['refunded', true],
    ['released', true],
    ['failed', true],
  ] as const)('with the deposit %s: fee %s', (status, charged) => {
    const d = cancellationFee({ status: 'no-show', lateCancel: false }, policy, { status }, false);
    expect(d.ok).toBe(charged);
    if (!d.ok) expect(d.code).toBe('deposit_kept');
  });

  it('keys each attempt of an appointment’s charge apart', () => {
    expect(feeChargeKey('a', 0)).toBe('cancellation-fee-a-0');
    expect(feeChargeKey('a', 1)).not.toBe(feeChargeKey('a', 0));
  });
});
