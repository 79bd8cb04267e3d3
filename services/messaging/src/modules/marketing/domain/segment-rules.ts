import type { SegmentDefinition, SegmentRule } from '@salon/contracts';
import { DateTime } from 'luxon';

const DAY = 86_400_000;

/**
 * What a segment can ask about one client: the profile from the clients service (tags, birthday,
 * preferred location and staff, its last visit), and the history messaging mirrors from the
 * other services' events (completed appointments from scheduling, closed tickets from retail).
 */
export interface ClientFacts {
  clientId: string;
  tags: readonly string[];
  /** YYYY-MM-DD or null. */
  birthday: string | null;
  lastVisitAt: Date | null;
  visits: number;
  spendMinor: number;
  services: readonly string[];
  preferredLocationId: string | null;
  preferredStaffId: string | null;
}

/** The instant and zone rules are read at (the send's, or the preview's): "this month" is the location's month. */
export interface SegmentClock {
  now: Date;
  zone: string;
}

/** Whether one rule holds for the client. */
export function ruleMatches(rule: SegmentRule, c: ClientFacts, clock: SegmentClock): boolean {
  switch (rule.field) {
    case 'lastVisit': {
      if (!c.lastVisitAt) return false;
      const cutoff = clock.now.getTime() - rule.amount * DAY;
      return rule.op === 'before' ? c.lastVisitAt.getTime() < cutoff : c.lastVisitAt.getTime() >= cutoff;
    }
    case 'neverVisited':
      return c.lastVisitAt === null && c.visits === 0;
    case 'visits':
      return rule.op === 'atLeast' ? c.visits >= rule.amount : c.visits <= rule.amount;
    case 'totalSpend':
      return rule.op === 'atLeast' ? c.spendMinor >= rule.amount : c.spendMinor <= rule.amount;
    case 'tag': {
      const has = c.tags.some((t) => t.toLowerCase() === rule.value.toLowerCase());
      return rule.op === 'has' ? has : !has;
    }
    case 'birthdayMonth': {
      if (!c.birthday) return false;
      const month = rule.amount === 0 ? DateTime.fromJSDate(clock.now, { zone: clock.zone }).month : rule.amount;
      return Number(c.birthday.slice(5, 7)) === month;
    }
    case 'serviceHad': {
      const wanted = rule.value.toLowerCase();
      return c.services.some((s) => s.toLowerCase().includes(wanted));
    }
    case 'preferredLocation':
      return c.preferredLocationId === rule.value;
    case 'preferredStaff':
      return c.preferredStaffId === rule.value;
  }
}

/** Whether the client is in the segment: every rule (`all`) or at least one (`any`). */
export function segmentMatches(segment: SegmentDefinition, client: ClientFacts, clock: SegmentClock): boolean {
  const test = (rule: SegmentRule) => ruleMatches(rule, client, clock);
  return segment.match === 'all' ? segment.rules.every(test) : segment.rules.some(test);
}

/**
 * The client's last visit: the later of what the clients service knows (its profile's last visit,
 * set by imports and by completed appointments) and the newest completed appointment mirrored here.
 */
export function lastVisitOf(profile: Date | null, mirrored: Date | null): Date | null {
  if (!profile) return mirrored;
  if (!mirrored) return profile;
  return profile.getTime() >= mirrored.getTime() ? profile : mirrored;
}
