/**
 * Members see online booking times further ahead than everyone else: the location's window plus
 * their plan's priority days, while their membership is live (active and within its period; a
 * paused, past-due or cancelled one gives nothing). Scheduling learns who is a member from retail's events.
 */

export type WindowStatus = 'active' | 'paused' | 'cancelled';

export interface MemberWindow {
  membershipId: string;
  clientId: string;
  status: WindowStatus;
  priorityDays: number;
  periodEnd: Date | null;
  lastEventAt: Date;
}

/** The extra days a client's memberships give now: the largest of the live ones, 0 for a non-member. */
export function priorityDaysOf(windows: readonly MemberWindow[], now: Date): number {
  let best = 0;
  for (const w of windows) {
    const live = w.status === 'active' && (!w.periodEnd || w.periodEnd.getTime() > now.getTime());
    if (live && w.priorityDays > best) best = w.priorityDays;
  }
  return best;
}

export type MembershipChange =
  | { kind: 'started'; membershipId: string; clientId: string; periodEnd: Date; priorityDays: number; at: Date }
  | { kind: 'paused' | 'resumed'; membershipId: string; clientId: string; periodEnd: Date | null; at: Date }
  | { kind: 'cancelled'; membershipId: string; clientId: string; at: Date }
  /** A paid renewal: live again (after past due) until the new period's end. */
  | { kind: 'renewed'; membershipId: string; clientId: string; periodEnd: Date; at: Date }
  /** A failed renewal suspends the window as a pause does, until a renewal is paid. */
  | { kind: 'past_due'; membershipId: string; clientId: string; at: Date }
  /** Another plan: its priority days from now on. */
  | { kind: 'plan_changed'; membershipId: string; clientId: string; priorityDays: number; at: Date };

/**
 * The projection's row after one of retail's events. Events of one membership arrive in order, but a
 * redelivery or a replay may bring an older one again: an event not newer than what the row last
 * took changes nothing (null). A pause or resume of a membership not yet seen starts its row with no
 * priority days (its started event, if it comes late, is older and ignored; the plan's days are then
 * lost until the next start: the conservative answer).
 */
export function applyChange(row: MemberWindow | null, c: MembershipChange): MemberWindow | null {
  if (row && row.lastEventAt.getTime() >= c.at.getTime()) return null;
  const base: MemberWindow = row ?? {
    membershipId: c.membershipId,
    clientId: c.clientId,
    status: 'active',
    priorityDays: 0,
    periodEnd: null,
    lastEventAt: c.at,
  };
  switch (c.kind) {
    case 'started':
      return { ...base, status: 'active', priorityDays: Math.max(0, c.priorityDays), periodEnd: c.periodEnd, lastEventAt: c.at };
    case 'paused':
      return { ...base, status: 'paused', periodEnd: c.periodEnd ?? base.periodEnd, lastEventAt: c.at };
    case 'resumed':
      return { ...base, status: 'active', periodEnd: c.periodEnd ?? base.periodEnd, lastEventAt: c.at };
    case 'cancelled':
      return { ...base, status: 'cancelled', lastEventAt: c.at };
    case 'renewed':
      return base.status === 'cancelled'
        ? { ...base, lastEventAt: c.at }
        : { ...base, status: 'active', periodEnd: c.periodEnd, lastEventAt: c.at };
    case 'past_due':
      return base.status === 'cancelled' ? { ...base, lastEventAt: c.at } : { ...base, status: 'paused', lastEventAt: c.at };
    case 'plan_changed':
      return { ...base, priorityDays: Math.max(0, c.priorityDays), lastEventAt: c.at };
  }
}
