import type { ChannelRule } from '@salon/contracts';

export interface Reachability {
  /** A phone, SMS consent from the client record and no STOP on the phone. */
  sms: boolean;
  email: boolean;
}

/**
 * The channels one automation send uses, decided at send time: "SMS when consented, else e-mail",
 * "both" (each that is reachable), or e-mail only. Empty when the client cannot be reached.
 */
export function automationChannels(rule: ChannelRule, reach: Reachability): ('sms' | 'email')[] {
  if (rule === 'email') return reach.email ? ['email'] : [];
  if (rule === 'both') return [...(reach.sms ? (['sms'] as const) : []), ...(reach.email ? (['email'] as const) : [])];
  if (reach.sms) return ['sms'];
  return reach.email ? ['email'] : [];
}
