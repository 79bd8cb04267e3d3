import type { AutomationsReport } from '@salon/contracts';
import { rateBps } from './reports.rules.js';

/** Finished automation sends counted by automation, outcome and channels used. */
export interface AutomationCount {
  kind: string;
  outcome: 'sent' | 'skipped' | 'cancelled' | string;
  channels: string[];
  n: number;
}

/** The built-in automations' names as the Automations screen shows them; a new kind reads as its id. */
const LABEL: Record<string, string> = {
  'booking-confirmation': 'Booking confirmation',
  reminder: 'Reminder',
  'second-reminder': 'Second reminder',
  'thank-you': 'Thank you',
  'no-show': 'No-show follow-up',
  rebook: 'Time to rebook',
  birthday: 'Birthday',
  'win-back': 'Win back',
};

/**
 * Automation results: sends that went out (with the messages per channel) and those skipped or
 * cancelled, per automation (most sent first) and in all.
 */
export function automationResults(rows: readonly AutomationCount[]): AutomationsReport {
  const kinds = new Map<string, { kind: string; label: string; sent: number; skipped: number; cancelled: number; sentBps: number }>();
  let sms = 0;
  let email = 0;
  for (const r of rows) {
    const k = kinds.get(r.kind) ?? { kind: r.kind, label: LABEL[r.kind] ?? r.kind, sent: 0, skipped: 0, cancelled: 0, sentBps: 0 };
    if (r.outcome === 'sent') {
      k.sent += r.n;
      if (r.channels.includes('sms')) sms += r.n;
      if (r.channels.includes('email')) email += r.n;
    } else if (r.outcome === 'cancelled') k.cancelled += r.n;
    else k.skipped += r.n;
    kinds.set(r.kind, k);
  }
  const byKind = [...kinds.values()]
    .map((k) => ({ ...k, sentBps: rateBps(k.sent, k.sent + k.skipped + k.cancelled) }))
    .sort((a, b) => b.sent - a.sent || a.label.localeCompare(b.label));
  const sum = (f: (k: (typeof byKind)[number]) => number) => byKind.reduce((s, k) => s + f(k), 0);
  return { sent: sum((k) => k.sent), skipped: sum((k) => k.skipped), cancelled: sum((k) => k.cancelled), sms, email, byKind };
}
