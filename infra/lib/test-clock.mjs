// A clock the browser walk controls: shifts the global `Date` of a Node process by a fixed offset,
// so the whole platform (migrate, seed, services, workers, gateway, the local peers) and the tests
// agree on one "now" that is not the machine's. Time keeps flowing; only the origin moves.
//
//   node --import ./infra/lib/test-clock.mjs main.js     with SALON_CLOCK_OFFSET_MS=<ms> set
//   import { installClockOffset } from './infra/lib/test-clock.mjs'; installClockOffset(ms)
//
// Shifted: Date.now(), `new Date()` without arguments and `Date()` called as a function. Unchanged:
// `new Date(x)`, Date.UTC/parse, `instanceof Date`, subclasses of Date, timers, performance.now(),
// PostgreSQL's now() and Redis's TIME (nothing compares those with JS time; see web/e2e/README.md).
// `npm start` and `npm run bench` never load it: only startPlatform({ clockOffsetMs }) does.
/** The variable a spawned process reads its offset from (milliseconds, may be negative). */
export const CLOCK_OFFSET_ENV = 'SALON_CLOCK_OFFSET_MS';

/** The demo salon's zone: E2E_TODAY and the pinned default are wall-clock times there. */
export const DEMO_TIME_ZONE = 'America/Chicago';

/**
 * The walk's "now" when E2E_TODAY is not set: Monday 23 November 2026, 09:00 in Chicago (the day
 * the weekday-dependent failures were found). A fixed instant, so a run today and a run next year
 * see the same demo week.
 */
export const DEFAULT_TODAY = '2026-11-23T09:00';

const STATE = Symbol.for('salon.test-clock');

/** Replaces globalThis.Date with one `offsetMs` ahead (or behind); calling it again changes the offset. */
export function installClockOffset(offsetMs) {
  if (!Number.isFinite(offsetMs)) throw new Error(`clock offset must be a number of milliseconds, not ${offsetMs}`);
  const installed = globalThis[STATE];
  if (installed) {
    installed.offsetMs = offsetMs;
    return;
  }
  const RealDate = globalThis.Date;
  const state = { offsetMs, RealDate };
  const now = () => RealDate.now() + state.offsetMs;
  const ShiftedDate = new Proxy(RealDate, {
    // `new Date()` (and `super()` in a subclass: newTarget keeps the subclass's prototype).
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget === ShiftedDate ? target : newTarget),
    // `Date()` as a function ignores its arguments and answers the current time as a string.
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) =>
      property === 'now' ? now : Reflect.get(target, property, receiver === ShiftedDate ? target : receiver),
  });
  globalThis[STATE] = state;
  globalThis.Date = ShiftedDate;
}

/** The current offset of this process (0 when none is installed). */
export function clockOffsetMs() {
  return globalThis[STATE]?.offsetMs ?? 0;
}

/**
 * The instant of a wall-clock time (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, a date alone meaning 09:00)
 * in `timeZone`. A time inside a DST gap (which does not exist there) lands beside the gap.
 */
export function zonedInstant(local, timeZone = DEMO_TIME_ZONE) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(local);
  if (!match) throw new Error(`expected YYYY-MM-DD or YYYY-MM-DDTHH:MM, got "${local}"`);
  const [y, mo, d, h = '09', mi = '00'] = match.slice(1);
  const wall = Date.UTC(+y, +mo - 1, +d, +h, +mi);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== +y || check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d || +h > 23 || +mi > 59) {
    throw new Error(`"${local}" is not a real date and time`);
  }
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const zoneOffset = (instant) => {
    const p = Object.fromEntries(fmt.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
    return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute) - instant;
  };
  // Two passes settle the zone's offset at the answer (it may differ across a DST change).
  let instant = wall - zoneOffset(wall);
  instant = wall - zoneOffset(instant);
  return instant;
}

/**
 * What a spawned Node process needs to run on the shifted clock: the offset and NODE_OPTIONS
 * preloading this module (kept after whatever NODE_OPTIONS `existing` already holds).
 */
export function clockEnv(offsetMs, existing = process.env.NODE_OPTIONS) {
  const preload = `--import=${import.meta.url}`;
  const options = (existing ?? '').split(' ').filter((o) => o && o !== preload);
  return { [CLOCK_OFFSET_ENV]: String(offsetMs), NODE_OPTIONS: [...options, preload].join(' ') };
}

// Preloaded with --import in a process started with the offset: install it before the app runs.
const fromEnv = process.env[CLOCK_OFFSET_ENV];
if (fromEnv !== undefined && fromEnv !== '') installClockOffset(Number(fromEnv));
