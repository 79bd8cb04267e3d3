import { describe, expect, it } from 'vitest';
import { automationResults } from './automations.rules.js';

describe('automationResults', () => {
  it('counts sends by automation and outcome, messages by channel, most sent first', () => {
    const r = automationResults([
      { kind: 'reminder', outcome: 'sent', channels: ['sms'], n: 6 },
      { kind: 'reminder', outcome: 'sent', channels: ['sms', 'email'], n: 2 },
      { kind: 'reminder', outcome: 'cancelled', channels: [], n: 1 },
      { kind: 'reminder', outcome: 'skipped', channels: [], n: 1 },
      { kind: 'birthday', outcome: 'sent', channels: ['email'], n: 1 },
      { kind: 'birthday', outcome: 'skipped', channels: [], n: 2 },
      { kind: 'future-kind', outcome: 'skipped', channels: [], n: 1 },
    ]);
    expect(r).toEqual({
      sent: 9,
      skipped: 4,
      cancelled: 1,
      sms: 8,
      email: 3,
      byKind: [
        { kind: 'reminder', label: 'Reminder', sent: 8, skipped: 1, cancelled: 1, sentBps: 8_000 },
        { kind: 'birthday', label: 'Birthday', sent: 1, skipped: 2, cancelled: 0, sentBps: 3_333 },
        { kind: 'future-kind', label: 'future-kind', sent: 0, skipped: 1, cancelled: 0, sentBps: 0 },
      ],
    });
  });

  it('is all zeros without sends', () => {
    expect(automationResults([])).toEqual({ sent: 0, skipped: 0, cancelled: 0, sms: 0, email: 0, byKind: [] });
  });
});
