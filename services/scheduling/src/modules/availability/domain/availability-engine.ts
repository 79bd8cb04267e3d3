// The availability engine: the one place that decides whether a visit can start at an instant.
// findSlots (what is offered) and checkBooking (what is accepted) share `buildSlotAt`, so every
// booking path — staff calendar, public booking, API, reschedule, recurring — applies the same rules.
// Pure: no I/O, no clock (`now` is an input).
import { DateTime } from 'luxon';
import type {
  BookingCheck,
  BookingRequest,
  ExplainRequest,
  LocationPolicy,
  ResourceCalendar,
  SeriesOccurrence,
  SeriesRequest,
  ServiceDef,
  Slot,
  SlotRequest,
  SlotSegment,
  StaffBusyKind,
  StaffCalendar,
  StaffChoice,
  TimeRange,
  UnavailableReason,
} from './availability-types.js';
import { localDayOf, localDays, localMinuteOfDay } from './local-days.js';
import { formatClock, formatDuration, formatUntil, withLabel } from './reason-text.js';
import { expandRecurrence } from './recurrence.js';
import { OccupancyIndex, SpanIndex, type Span } from './time-spans.js';
import { dayPlan, openSpans, workingSpans, type DayPlan } from './working-time.js';

export { expandWorkingTime } from './working-time.js';
export { expandRecurrence } from './recurrence.js';
export { classSeatsLeft, checkClassSeat } from './class-capacity.js';
export type * from './availability-types.js';

const MIN = 60_000;
const DAY = 1440 * MIN;
const MAX_ALTERNATIVES = 3;
/** How far around a refused start the alternatives are looked for first. */
const NEAR_ALTERNATIVES = 3 * 60 * MIN;

interface StaffIdx {
  cal: StaffCalendar;
  work: SpanIndex;
  busy: SpanIndex;
  busyRaw: { s: number; e: number; label: string; kind: StaffBusyKind }[];
}

interface ResIdx {
  cal: ResourceCalendar;
  occ: OccupancyIndex;
}

interface Ctx {
  zone: string;
  policy: LocationPolicy;
  nowMs: number;
  earliestMs: number;
  latestMs: number;
  services: ServiceDef[];
  open: SpanIndex | null;
  staff: Map<string, StaffIdx>;
  rooms: Map<string, ResIdx[]>;
  devices: Map<string, ResIdx[]>;
  /** Per service: staff to try, in order ('any' → fairness order). */
  candidates: string[][];
  choices: StaffChoice[];
  allStaff: StaffCalendar[];
}

const toSpan = (r: TimeRange): Span => ({ s: r.start.getTime(), e: r.end.getTime() });
const range = (s: number, e: number): TimeRange => ({ start: new Date(s), end: new Date(e) });

function durationOf(svc: ServiceDef, staffId: string | null): number {
  return (staffId ? svc.overrides?.[staffId]?.durationMin : undefined) ?? svc.durationMin;
}

function maxVisitMs(services: readonly ServiceDef[]): number {
  let total = 0;
  for (const svc of services) {
    const longest = Math.max(svc.durationMin, ...Object.values(svc.overrides ?? {}).map((o) => o.durationMin ?? 0));
    total += longest + svc.bufferBeforeMin + svc.bufferAfterMin;
  }
  return total * MIN;
}

function validate(services: readonly ServiceDef[], choices: readonly StaffChoice[], policy: LocationPolicy): string | null {
  if (services.length === 0) return 'No service chosen';
  if (choices.length !== services.length) return 'One staff choice is needed per service';
  if (!(policy.slotIntervalMin > 0)) return 'Slot interval must be positive';
  for (const svc of services) {
    if (!(svc.durationMin > 0)) return `${svc.name}: duration must be positive`;
    const p = svc.processing;
    if (p && (p.startAfterMin < 0 || p.durationMin < 0 || p.startAfterMin + p.durationMin > svc.durationMin)) {
      return `${svc.name}: processing time must lie inside the service`;
    }
  }
  return null;
}

function buildCtx(
  req: Pick<SlotRequest, 'now' | 'services' | 'staff' | 'resources' | 'policy' | 'fairness' | 'ignoreBusyIds'>,
  choices: StaffChoice[],
  fromMs: number,
  toMs: number,
): Ctx {
  const { policy, services } = req;
  const zone = policy.timeZone;
  const nowMs = req.now.getTime();
  const ignore = new Set(req.ignoreBusyIds ?? []);
  // Wide enough for buffers before the first start and the whole visit after the last one.
  const spanFrom = fromMs - maxVisitMs(services) - DAY;
  const spanTo = toMs + maxVisitMs(services) + DAY;
  const days = localDays(spanFrom, spanTo, zone);
  const open = openSpans(policy.openingHours, policy.closures, days);

  const needed = new Set<string>();
  for (const svc of services) for (const id of svc.staffIds) needed.add(id);
  const staff = new Map<string, StaffIdx>();
  for (const cal of req.staff) {
    if (!needed.has(cal.staffId)) continue;
    const busyRaw = cal.busy
      .filter((b) => !(b.id && ignore.has(b.id)))
      .map((b) => ({ s: b.start.getTime(), e: b.end.getTime(), label: b.label, kind: b.kind }))
      .filter((b) => b.e > spanFrom && b.s < spanTo)
      .sort((a, b) => a.s - b.s);
    staff.set(cal.staffId, { cal, work: new SpanIndex(workingSpans(cal, days)), busy: new SpanIndex(busyRaw), busyRaw });
  }

  const rooms = new Map<string, ResIdx[]>();
  const devices = new Map<string, ResIdx[]>();
  for (const cal of req.resources) {
    const entries = cal.busy
      .filter((b) => !(b.id && ignore.has(b.id)))
      .map((b) => ({ s: b.start.getTime(), e: b.end.getTime(), count: b.count ?? 1 }))
      .filter((b) => b.e > spanFrom && b.s < spanTo);
    const map = cal.kind === 'room' ? rooms : devices;
    const list = map.get(cal.type) ?? [];
    list.push({ cal, occ: new OccupancyIndex(entries) });
    map.set(cal.type, list);
  }

  const byId = new Map(req.staff.map((s) => [s.staffId, s]));
  const fairness = req.fairness ?? {};
  const candidates = services.map((svc, i) => {
    const choice = choices[i]!;
    if (choice !== 'any') return svc.staffIds.includes(choice) && byId.has(choice) ? [choice] : [];
    return svc.staffIds
      .filter((id) => byId.has(id))
      .sort((a, b) => (fairness[a] ?? 0) - (fairness[b] ?? 0) || byId.get(a)!.name.localeCompare(byId.get(b)!.name) || a.localeCompare(b));
  });

  return {
    zone,
    policy,
    nowMs,
    earliestMs: nowMs + policy.minNoticeMin * MIN,
    latestMs: DateTime.fromMillis(nowMs, { zone }).plus({ days: policy.maxAdvanceDays }).toMillis(),
    services,
    open: open ? new SpanIndex(open) : null,
    staff,
    rooms,
    devices,
    candidates,
    choices,
    allStaff: req.staff,
  };
}

/** The parts of one service instance: what the staff must work, what the staff and resources hold. */
interface Parts {
  s: number;
  e: number;
  work: Span[];
  held: Span[];
  hs: number;
  he: number;
}

function partsOf(svc: ServiceDef, start: number, durMin: number): Parts {
  const s = start;
  const e = s + durMin * MIN;
  const hs = s - svc.bufferBeforeMin * MIN;
  const he = e + svc.bufferAfterMin * MIN;
  const p = svc.processing;
  if (p && p.durationMin > 0) {
    const ps = s + p.startAfterMin * MIN;
    const pe = ps + p.durationMin * MIN;
    const work = [
      { s, e: ps },
      { s: pe, e },
    ].filter((x) => x.e > x.s);
    const held = [
      { s: hs, e: ps },
      { s: pe, e: he },
    ].filter((x) => x.e > x.s);
    return { s, e, work, held, hs, he };
  }
  return { s, e, work: [{ s, e }], held: [{ s: hs, e: he }], hs, he };
}

/** First free resource of each needed kind for [hs, he), or null. */
function pickResources(ctx: Ctx, svc: ServiceDef, hs: number, he: number): string[] | null {
  const ids: string[] = [];
  const pick = (list: ResIdx[] | undefined): boolean => {
    if (!list) return false;
    for (const r of list) {
      if (ids.includes(r.cal.resourceId)) continue;
      if (r.occ.maxLevel(hs, he) + 1 <= r.cal.capacity) {
        ids.push(r.cal.resourceId);
        return true;
      }
    }
    return false;
  };
  if (svc.roomType && !pick(ctx.rooms.get(svc.roomType))) return null;
  for (const type of svc.deviceTypes) if (!pick(ctx.devices.get(type))) return null;
  return ids;
}

/**
 * What one start of one service costs whoever performs it: its parts, whether the location is
 * open, and (once a person is free) the resources it would take. Only the duration depends on the
 * person (overrides), so "any staff" works these out once per distinct duration, not per person.
 */
interface StartPlan {
  p: Parts;
  open: boolean;
  /** undefined until asked: resources depend on the times only. */
  resourceIds?: string[] | null;
}

function trySegment(
  ctx: Ctx,
  svc: ServiceDef,
  start: number,
  staffId: string,
  plans: Map<number, StartPlan> = new Map(),
): SlotSegment | null {
  const st = ctx.staff.get(staffId);
  if (!st) return null;
  const durMin = durationOf(svc, staffId);
  let plan = plans.get(durMin);
  if (!plan) {
    const p = partsOf(svc, start, durMin);
    plan = { p, open: !ctx.open || ctx.open.covers(p.s, p.e) };
    plans.set(durMin, plan);
  }
  if (!plan.open) return null;
  const p = plan.p;
  for (const w of p.work) if (!st.work.covers(w.s, w.e)) return null;
  for (const h of p.held) if (st.busy.overlaps(h.s, h.e)) return null;
  if (plan.resourceIds === undefined) plan.resourceIds = pickResources(ctx, svc, p.hs, p.he);
  const resourceIds = plan.resourceIds;
  if (!resourceIds) return null;
  return {
    serviceId: svc.id,
    staffId,
    start: new Date(p.s),
    end: new Date(p.e),
    staffBusy: p.held.map((h) => range(h.s, h.e)),
    resourceIds: [...resourceIds],
    resourceBusy: range(p.hs, p.he),
  };
}

/**
 * The visit starting at `t`, or null. Services follow each other: the next one's buffer-before
 * starts where the previous one's buffer-after ends. Greedy per segment is exact because the
 * segments never overlap in time, so one segment's choice cannot block another's.
 */
function buildSlotAt(ctx: Ctx, t: number): Slot | null {
  const segments: SlotSegment[] = [];
  let start = t;
  for (let i = 0; i < ctx.services.length; i++) {
    const svc = ctx.services[i]!;
    if (i > 0) start += svc.bufferBeforeMin * MIN;
    let seg: SlotSegment | null = null;
    const plans = new Map<number, StartPlan>();
    for (const staffId of ctx.candidates[i]!) {
      seg = trySegment(ctx, svc, start, staffId, plans);
      if (seg) break;
    }
    if (!seg) return null;
    segments.push(seg);
    start = seg.end.getTime() + svc.bufferAfterMin * MIN;
  }
  return { start: new Date(t), end: segments[segments.length - 1]!.end, segments };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Grid starts in [lo, hi): multiples of the interval counted on the local wall clock. */
function gridStarts(ctx: Ctx, lo: number, hi: number): number[] {
  const step = ctx.policy.slotIntervalMin;
  const out: number[] = [];
  if (hi <= lo) return out;
  for (const day of localDays(lo, hi, ctx.zone)) {
    if (day.constantOffset) {
      const k0 = Math.max(0, Math.ceil((lo - day.startMs) / (step * MIN)));
      for (let t = day.startMs + k0 * step * MIN; t < day.endMs && t < hi; t += step * MIN) out.push(t);
    } else {
      // DST day: walk real time and keep instants whose wall clock is on the grid. The skipped
      // hour has no instants; the repeated hour yields both of its instants.
      const fine = gcd(step, 30) * MIN;
      for (let t = day.startMs; t < day.endMs && t < hi; t += fine) {
        if (t >= lo && localMinuteOfDay(day, t) % step === 0) out.push(t);
      }
    }
  }
  return out;
}

function onGrid(ctx: Ctx, t: number): boolean {
  const day = localDayOf(t, ctx.zone);
  const m = localMinuteOfDay(day, t);
  return (t - day.startMs) % MIN === 0 && m % ctx.policy.slotIntervalMin === 0;
}

/** The slots offered in [from, to): on the local grid, within notice/advance, every rule met. */
export function findSlots(request: SlotRequest): Slot[] {
  const invalid = validate(request.services, request.staffChoice, request.policy);
  if (invalid) throw new RangeError(invalid);
  const fromMs = request.from.getTime();
  const toMs = request.to.getTime();
  const ctx = buildCtx(request, request.staffChoice, fromMs, toMs);
  const lo = Math.max(fromMs, ctx.earliestMs);
  const hi = Math.min(toMs, ctx.latestMs + 1);
  const slots: Slot[] = [];
  for (const t of gridStarts(ctx, lo, hi)) {
    if (ctx.open && !ctx.open.spanAt(t)) continue;
    const slot = buildSlotAt(ctx, t);
    if (slot) slots.push(slot);
  }
  return slots;
}

// ---------------------------------------------------------------------------------------------
// Reasons: the slow path, only when something is refused or a calendar cell is explained.

function locationReason(ctx: Ctx, s: number, e: number): UnavailableReason | null {
  if (!ctx.open || ctx.open.covers(s, e)) return null;
  const day = localDayOf(s, ctx.zone);
  const plan = dayPlan(
    day,
    ctx.policy.openingHours ?? [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday: weekday as 1, start: '00:00', end: '24:00' })),
    [],
    ctx.policy.closures ?? [],
  );
  if (plan.hours.length === 0) {
    return { code: 'location-closed', message: ctx.policy.closedLabel ?? withLabel('Closed today', plan.exception?.label) };
  }
  const containing = plan.hours.find((h) => h.s <= s && s < h.e);
  if (containing)
    return { code: 'after-closing', message: `Closes at ${formatClock(containing.e, ctx.zone)}`, until: new Date(containing.e) };
  const next = plan.hours.find((h) => h.s > s);
  if (next) return { code: 'before-opening', message: `Opens at ${formatClock(next.s, ctx.zone)}`, until: new Date(next.s) };
  const last = plan.hours[plan.hours.length - 1]!;
  return { code: 'after-closing', message: `Closes at ${formatClock(last.e, ctx.zone)}` };
}

function noticeReasons(ctx: Ctx, t: number, relax: BookingRequest['relax']): UnavailableReason[] {
  const out: UnavailableReason[] = [];
  if (!relax?.notice && t < ctx.earliestMs) {
    out.push({
      code: 'too-soon',
      message: t < ctx.nowMs ? 'That time has passed' : `Too soon: book at least ${formatDuration(ctx.policy.minNoticeMin)} ahead`,
      until: new Date(ctx.earliestMs),
    });
  }
  if (!relax?.notice && t > ctx.latestMs) {
    out.push({ code: 'too-far', message: `Too far ahead: book at most ${formatDuration(ctx.policy.maxAdvanceDays * 1440)} ahead` });
  }
  if (!relax?.grid && !onGrid(ctx, t)) {
    out.push({ code: 'off-grid', message: `Start times are every ${formatDuration(ctx.policy.slotIntervalMin)}` });
  }
  return out;
}

/** "Dana is off today", or where she is: a day off here is often a working day at the other location. */
function offMessage(cal: StaffCalendar, plan: DayPlan): string {
  // A day off set on this date (an exception) is what the owner wrote: say that.
  if (plan.exception) return withLabel(`${cal.name} is off today`, plan.exception.label);
  const there = cal.elsewhere?.find((e) => e.weekday === plan.day.weekday);
  return there ? `${cal.name} is at ${there.location} today` : `${cal.name} is off today`;
}

function staffReasons(ctx: Ctx, st: StaffIdx, p: Parts, svc: ServiceDef | null): UnavailableReason[] {
  const name = st.cal.name;
  const staffId = st.cal.staffId;
  const out: UnavailableReason[] = [];
  const serviceId = svc?.id;
  const base = serviceId ? { staffId, serviceId } : { staffId };
  const off = st.cal.timeOff.map((r) => ({ ...toSpan(r), label: r.label })).find((r) => r.s < p.e && p.s < r.e);
  if (off) return [{ ...base, code: 'staff-time-off', message: withLabel(`${name} is away`, off.label), until: new Date(off.e) }];
  const plan = dayPlan(localDayOf(p.s, ctx.zone), st.cal.weeklyHours, st.cal.weeklyBreaks, st.cal.exceptions);
  if (plan.hours.length === 0) return [{ ...base, code: 'staff-off', message: offMessage(st.cal, plan) }];
  for (const w of p.work) {
    const containing = plan.hours.find((h) => h.s <= w.s && w.s < h.e);
    if (!containing) {
      const next = plan.hours.find((h) => h.s > w.s);
      out.push(
        next
          ? { ...base, code: 'staff-not-started', message: `${name} starts at ${formatClock(next.s, ctx.zone)}`, until: new Date(next.s) }
          : {
              ...base,
              code: 'staff-finished',
              message: `${name} finishes at ${formatClock(plan.hours[plan.hours.length - 1]!.e, ctx.zone)}`,
            },
      );
      break;
    }
    if (w.e > containing.e) {
      out.push({ ...base, code: 'staff-finished', message: `${name} finishes at ${formatClock(containing.e, ctx.zone)}` });
      break;
    }
    const brk = plan.breaks.find((b) => b.s < w.e && w.s < b.e);
    if (brk) {
      // The break's own times, and when the visit starts earlier, how long it would run: "on break"
      // at 12:00 for a 12:30 lunch reads as a mistake unless the overlap is spelled out.
      const range = (a: number, b: number) => `${formatClock(a, ctx.zone)}–${formatClock(b, ctx.zone)}`;
      const into = w.s < brk.s ? `; the service would run ${range(w.s, w.e)}` : '';
      out.push({
        ...base,
        code: 'staff-break',
        message: `${withLabel(`${name} is on break`, brk.label, 'break')} ${range(brk.s, brk.e)}${into}`,
        until: new Date(brk.e),
      });
      break;
    }
  }
  for (const h of p.held) {
    const hit = st.busyRaw.find((b) => b.s < h.e && h.s < b.e);
    if (!hit) continue;
    const until = st.busy.spanAt(hit.s)?.e ?? hit.e;
    const when = formatUntil(until, p.s, ctx.zone);
    // Only the cleanup (or preparation) around the service meets the other booking: the grid shows
    // the service's own time free, so the reason names the buffer that does not fit.
    const bufferOnly = !p.work.some((w) => hit.s < w.e && w.s < hit.e);
    if (bufferOnly && svc) {
      const after = hit.s >= p.e;
      const min = after ? svc.bufferAfterMin : svc.bufferBeforeMin;
      const what = hit.kind === 'appointment' ? 'another appointment' : hit.label?.trim() || 'something else';
      out.push({
        ...base,
        code: 'staff-busy',
        message: after
          ? `${name} has ${what} at ${formatClock(hit.s, ctx.zone)}: ${svc.name}'s ${min} min cleanup would run until ${formatClock(p.he, ctx.zone)}`
          : `${name} has ${what} until ${formatClock(hit.e, ctx.zone)}: ${svc.name} needs ${min} min to prepare from ${formatClock(p.hs, ctx.zone)}`,
        until: new Date(until),
      });
      break;
    }
    const message =
      hit.kind === 'appointment'
        ? `${name} is with a client until ${when}`
        : hit.kind === 'class'
          ? `${name} is teaching ${hit.label?.trim() || 'a class'} until ${when}`
          : hit.kind === 'blocked'
            ? `${withLabel(`${name} is unavailable`, hit.label)} until ${when}`
            : `${name} is busy until ${when}`;
    out.push({ ...base, code: 'staff-busy', message, until: new Date(until) });
    break;
  }
  return out;
}

function resourceReasons(ctx: Ctx, svc: ServiceDef, hs: number, he: number): UnavailableReason[] {
  const out: UnavailableReason[] = [];
  const used: string[] = [];
  const need = (kind: 'room' | 'device', type: string, list: ResIdx[] | undefined) => {
    const pool = (list ?? []).filter((r) => !used.includes(r.cal.resourceId));
    if (pool.length === 0) {
      out.push({ code: 'resource-missing', serviceId: svc.id, message: `No ${type} ${kind} for ${svc.name} at this location` });
      return;
    }
    const free = pool.find((r) => r.occ.maxLevel(hs, he) + 1 <= r.cal.capacity);
    if (free) {
      used.push(free.cal.resourceId);
      return;
    }
    let best: { r: ResIdx; until: number } | null = null;
    for (const r of pool) {
      const from = r.occ.firstAbove(hs, he, r.cal.capacity - 1) ?? hs;
      const until = r.occ.nextAtOrBelow(from, r.cal.capacity - 1);
      if (!best || until < best.until) best = { r, until };
    }
    const verb = kind === 'room' ? 'is taken' : 'is in use';
    out.push({
      code: 'resource-busy',
      serviceId: svc.id,
      resourceId: best!.r.cal.resourceId,
      message: `${best!.r.cal.name} ${verb} until ${formatUntil(best!.until, hs, ctx.zone)}`,
      until: new Date(best!.until),
    });
  };
  if (svc.roomType) need('room', svc.roomType, ctx.rooms.get(svc.roomType));
  for (const type of svc.deviceTypes) need('device', type, ctx.devices.get(type));
  return out;
}

/** Why the visit cannot start at t: location, then each service's staff and resources, then notice/grid. */
function diagnose(ctx: Ctx, t: number, relax: BookingRequest['relax']): UnavailableReason[] {
  const out: UnavailableReason[] = [];
  const push = (r: UnavailableReason) => {
    if (!out.some((x) => x.message === r.message)) out.push(r);
  };
  let start = t;
  for (let i = 0; i < ctx.services.length; i++) {
    const svc = ctx.services[i]!;
    if (i > 0) start += svc.bufferBeforeMin * MIN;
    const choice = ctx.choices[i]!;
    const cands = ctx.candidates[i]!;
    let chosen: string | null = null;
    const loc = locationReason(ctx, start, start + durationOf(svc, null) * MIN);
    if (loc) push(loc);
    if (cands.length === 0) {
      const known = choice !== 'any' ? ctx.allStaff.find((s) => s.staffId === choice) : undefined;
      push(
        choice === 'any'
          ? { code: 'no-staff', serviceId: svc.id, message: `No one at this location performs ${svc.name}` }
          : known
            ? { code: 'staff-not-qualified', staffId: choice, serviceId: svc.id, message: `${known.name} does not perform ${svc.name}` }
            : { code: 'staff-unknown', serviceId: svc.id, message: 'Unknown staff member' },
      );
    } else {
      const perStaff: UnavailableReason[][] = [];
      for (const id of cands) {
        const seg = trySegment(ctx, svc, start, id);
        if (seg) {
          chosen = id;
          break;
        }
        const st = ctx.staff.get(id)!;
        const p = partsOf(svc, start, durationOf(svc, id));
        const reasons = staffReasons(ctx, st, p, svc);
        perStaff.push(reasons.length ? reasons : resourceReasons(ctx, svc, p.hs, p.he));
      }
      if (!chosen) {
        if (cands.length === 1) perStaff[0]!.forEach(push);
        else {
          // With 'any', one line beats twenty; a resource shortage is the same for everyone, so say it.
          const resource = perStaff.flat().find((r) => r.code === 'resource-busy' || r.code === 'resource-missing');
          if (resource && perStaff.every((rs) => rs.some((r) => r.code.startsWith('resource')))) push(resource);
          else push({ code: 'no-staff', serviceId: svc.id, message: `No one is free for ${svc.name} then` });
        }
      }
    }
    start += (durationOf(svc, chosen) + svc.bufferAfterMin) * MIN;
  }
  noticeReasons(ctx, t, relax).forEach(push);
  if (out.length === 0 && !buildSlotAt(ctx, t)) push({ code: 'no-staff', message: 'Not available then' });
  return out;
}

/**
 * The nearest free starts around a refused one, from a day before to two days after. Most
 * refusals have three free times within a few hours, so those hours are searched first (a slot's
 * shape does not depend on the window searched: the grid is anchored to the local day); only
 * when fewer than three lie strictly nearer than that is the whole range searched. Either way the
 * answer is the same (spec: 'offers the same alternatives as a search of the whole range').
 */
function alternatives(req: SlotRequest, choices: StaffChoice[], t: number): Slot[] {
  const nearest = (from: number, to: number, within: number) =>
    findSlots({ ...req, staffChoice: choices, from: new Date(from), to: new Date(to) })
      .filter((s) => s.start.getTime() !== t && Math.abs(s.start.getTime() - t) < within)
      .sort((a, b) => Math.abs(a.start.getTime() - t) - Math.abs(b.start.getTime() - t) || a.start.getTime() - b.start.getTime())
      .slice(0, MAX_ALTERNATIVES);
  const near = nearest(t - NEAR_ALTERNATIVES, t + NEAR_ALTERNATIVES, NEAR_ALTERNATIVES);
  const chosen = near.length === MAX_ALTERNATIVES ? near : nearest(t - DAY, t + 2 * DAY, Infinity);
  return chosen.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Services with the given lengths: the length is the same whoever performs it, buffers and processing unchanged. */
function resized(services: ServiceDef[], durations: readonly (number | null | undefined)[]): ServiceDef[] {
  return services.map((svc, i) => {
    const d = durations[i];
    return d == null ? svc : { ...svc, durationMin: d, overrides: undefined };
  });
}

function choicesFor(req: Pick<BookingRequest, 'staffChoice' | 'chosen'>): StaffChoice[] {
  return req.staffChoice.map((c, i) => req.chosen?.[i] ?? c);
}

/**
 * Validates one booking exactly as findSlots would offer it (grid and notice can be relaxed for
 * the staff calendar). Refusals carry human reasons and up to 3 nearest free alternatives.
 */
export function checkBooking(booking: BookingRequest): BookingCheck {
  const request = booking.durationMin?.some((d) => d != null)
    ? { ...booking, services: resized(booking.services, booking.durationMin) }
    : booking;
  const choices = choicesFor(request);
  const invalid = validate(request.services, choices, request.policy);
  if (invalid) return { ok: false, reasons: [invalid], details: [{ code: 'invalid-request', message: invalid }], alternatives: [] };
  const t = request.start.getTime();
  const ctx = buildCtx(request, choices, t, t + 1);
  const gate = noticeReasons(ctx, t, request.relax);
  const slot = gate.length === 0 ? buildSlotAt(ctx, t) : null;
  if (slot) return { ok: true, slot };
  const details = diagnose(ctx, t, request.relax);
  return { ok: false, reasons: details.map((d) => d.message), details, alternatives: alternatives(request, choices, t) };
}

/**
 * Why nothing can be booked at `at` — for a visit (services given) or for one staff member's
 * calendar cell (staffId only). Null when it is bookable.
 */
export function explainUnavailable(request: ExplainRequest): UnavailableReason | null {
  const t = request.at.getTime();
  if (request.services?.length) {
    const choices = request.staffChoice ?? request.services.map(() => request.staffId ?? 'any');
    const invalid = validate(request.services, choices, request.policy);
    if (invalid) return { code: 'invalid-request', message: invalid };
    const ctx = buildCtx(request as ExplainRequest & { services: ServiceDef[] }, choices, t, t + 1);
    if (noticeReasons(ctx, t, { grid: true }).length === 0 && buildSlotAt(ctx, t)) return null;
    return diagnose(ctx, t, { grid: true })[0] ?? null;
  }
  return cellExplainer(request, request.at, new Date(t + 1))(request.at);
}

/**
 * `explainUnavailable` for many calendar cells of one window: the calendars are indexed once, then
 * each instant in [from, to) is explained (location, then the staff member's schedule and holds).
 */
export function cellExplainer(
  request: Omit<ExplainRequest, 'at' | 'services' | 'staffChoice'>,
  from: Date,
  to: Date,
): (at: Date) => UnavailableReason | null {
  const probe: ServiceDef = {
    id: '',
    name: '',
    durationMin: 1,
    bufferBeforeMin: 0,
    bufferAfterMin: 0,
    deviceTypes: [],
    staffIds: request.staffId ? [request.staffId] : [],
  };
  const ctx = buildCtx({ ...request, services: [probe] }, [request.staffId ?? 'any'], from.getTime(), to.getTime());
  const st = request.staffId ? ctx.staff.get(request.staffId) : undefined;
  return (at) => {
    const t = at.getTime();
    const p = partsOf(probe, t, 1);
    const loc = locationReason(ctx, p.s, p.e);
    if (loc) return loc;
    if (request.staffId) {
      if (!st) return { code: 'staff-unknown', message: 'Unknown staff member' };
      const reason = staffReasons(ctx, st, p, null)[0];
      if (reason) return reason;
    }
    return noticeReasons(ctx, t, { grid: true })[0] ?? null;
  };
}

/** Checks every occurrence of a recurring booking before anything is saved. */
export function checkSeries(request: SeriesRequest): SeriesOccurrence[] {
  return expandRecurrence(request.rule).map((start): SeriesOccurrence => {
    const check = checkBooking({ ...request, start, from: start, to: new Date(start.getTime() + 1) });
    return check.ok ? { start, ok: true, slot: check.slot } : { start, ...check };
  });
}
