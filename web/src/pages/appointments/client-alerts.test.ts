import { describe, expect, it } from 'vitest';
import { alertsText, criticalAlerts, needsAcknowledgement } from './client-alerts';

const alerts = [
  { id: 'a', kind: 'other' as const, text: 'Quiet room', critical: false },
  { id: 'b', kind: 'allergy' as const, text: 'PPD hair dye', critical: true },
];

describe('client alerts at the desk', () => {
  it('a critical alert needs an acknowledgement until its id is acknowledged; others never do', () => {
    expect(criticalAlerts(alerts).map((a) => a.id)).toEqual(['b']);
    expect(needsAcknowledgement(alerts, new Set())).toBe(true);
    expect(needsAcknowledgement(alerts, new Set(['b']))).toBe(false);
    expect(needsAcknowledgement([alerts[0]!], new Set())).toBe(false);
    expect(needsAcknowledgement(null, new Set())).toBe(false);
  });

  it('reads critical ones first and marked', () => {
    expect(alertsText(alerts)).toBe('PPD hair dye (critical); Quiet room');
    expect(alertsText([])).toBe('');
  });
});
