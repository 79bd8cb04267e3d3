import type { AppointmentDepositView } from '@salon/contracts';
import type { HoldAnswer } from '../modules/deposits/persistence/deposit-scheduling.provider.js';

/**
 * Stands in for scheduling's held time (services/scheduling/src/modules/deposits, tested there):
 * the same answers, `paid` and `release` idempotent and refusing each other with 409.
 */
export class TestDepositScheduling {
  readonly holds = new Map<string, AppointmentDepositView>();
  /** Calls as they came, for the order-of-operations checks. */
  readonly calls: string[] = [];

  /** An online booking held for its deposit (or, `kind: 'card'` with amount 0, for a card on file). */
  holdFor(
    appointmentId: string,
    amountMinor: number,
    opts: { locationId: string; clientId: string; startsAt?: string; kind?: 'deposit' | 'card'; saveCard?: boolean },
  ): void {
    this.holds.set(appointmentId, {
      appointmentId,
      locationId: opts.locationId,
      clientId: opts.clientId,
      kind: opts.kind ?? 'deposit',
      saveCard: opts.saveCard ?? opts.kind === 'card',
      amountMinor,
      currency: 'USD',
      status: 'pending',
      dueAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      paymentRef: null,
      releaseReason: null,
      startsAt: opts.startsAt ?? '2026-12-01T16:00:00.000Z',
    });
  }

  // The provider's interface, as DepositScheduling answers it.
  async hold(appointmentId: string) {
    return this.holds.get(appointmentId) ?? null;
  }

  async paid(appointmentId: string, paymentRef: string): Promise<HoldAnswer> {
    this.calls.push(`paid ${appointmentId}`);
    const h = this.holds.get(appointmentId)!;
    if (h.status === 'released') return { ok: false, reason: `The time held for this deposit was released: ${h.releaseReason}` };
    h.status = 'paid';
    h.paymentRef = paymentRef;
    return { ok: true, hold: { ...h } };
  }

  async release(appointmentId: string, reason: string): Promise<HoldAnswer> {
    this.calls.push(`release ${appointmentId}`);
    const h = this.holds.get(appointmentId)!;
    if (h.status === 'paid') return { ok: false, reason: 'This deposit is paid' };
    if (h.status === 'pending') Object.assign(h, { status: 'released', releaseReason: reason });
    return { ok: true, hold: { ...h } };
  }
}
