// Benchmark: a week of slots for one service at a busy location (issue: p95 under 25 ms); and the
// staff calendar's shading: every staff member's unavailable stretches with reasons for that week.
//
// Synthetic, deterministic location in America/Chicago: 20 staff (every day 8:00–20:00, half-hour lunch),
// 6 rooms, 4 devices, 2,000 appointments that week (some holding a room and/or a device). The
// service needs a room and a device, with buffers, a processing gap, and 'any' staff with fairness,
// so every rule of the engine is on the hot path. Times findSlots over 7 days on a 15-minute grid.
//
// Needs the scheduling service built (`npm run build -w @salon/scheduling`). The lead's bench:
//   const availability = await import('../../load-tests/bench/availability.bench.mjs');
//   const result = await availability.run({ iterations: 200 });   // → { p50, p95, p99, slots, … }
// Standalone: node load-tests/bench/availability.bench.mjs [--iterations 200]
// AVAILABILITY_ENGINE=/path/to/availability-engine.js overrides the compiled module's location.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ENGINE =
  process.env.AVAILABILITY_ENGINE ??
  fileURLToPath(new URL('../../services/scheduling/dist/modules/availability/domain/availability-engine.js', import.meta.url));

const SHADING =
  process.env.UNAVAILABLE_TIMES ??
  fileURLToPath(new URL('../../services/scheduling/dist/modules/availability/domain/unavailable-times.js', import.meta.url));

const MIN = 60_000;
const round = (v, d = 2) => Math.round(v * 10 ** d) / 10 ** d;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Monday 2026-03-09 00:00 America/Chicago (CDT, UTC-5). */
const WEEK_START = Date.UTC(2026, 2, 9, 5, 0);

export function buildLocation({ staffCount = 20, rooms = 6, devices = 4, appointments = 2000, seed = 7, days = 7 } = {}) {
  let state = seed >>> 0 || 1;
  const rand = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const pickInt = (n) => Math.floor(rand() * n);
  const names = [
    'Ana',
    'Bea',
    'Cara',
    'Dana',
    'Eli',
    'Faye',
    'Gus',
    'Hana',
    'Ivy',
    'Jon',
    'Kim',
    'Lea',
    'Max',
    'Noa',
    'Oli',
    'Pia',
    'Quin',
    'Rae',
    'Sam',
    'Tess',
  ];
  const staff = Array.from({ length: staffCount }, (_, i) => ({
    staffId: `s${i}`,
    name: `${names[i % names.length]} ${i}`,
    weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
    weeklyBreaks: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: i % 2 ? '12:00' : '13:00',
      end: i % 2 ? '12:30' : '13:30',
      label: 'Lunch',
    })),
    exceptions: i === 3 ? [{ date: '2026-03-11', hours: [], label: 'Training' }] : [],
    // A few people away part of the week, so the shading has time off to explain too.
    timeOff:
      i % 7 === 5
        ? [
            {
              start: new Date(WEEK_START + (2 * 1440 + 14 * 60) * MIN),
              end: new Date(WEEK_START + (4 * 1440 + 12 * 60) * MIN),
              label: 'Vacation',
            },
          ]
        : [],
    busy: [],
  }));
  const roomCals = Array.from({ length: rooms }, (_, i) => ({
    resourceId: `r${i}`,
    kind: 'room',
    type: 'treatment',
    name: `Room ${i + 1}`,
    capacity: i === 0 ? 2 : 1,
    busy: [],
  }));
  const deviceCals = Array.from({ length: devices }, (_, i) => ({
    resourceId: `d${i}`,
    kind: 'device',
    type: 'laser',
    name: `Laser ${i + 1}`,
    capacity: 1,
    busy: [],
  }));
  for (let a = 0; a < appointments; a++) {
    const day = pickInt(days);
    const startMin = 8 * 60 + pickInt(47) * 15; // 8:00 … 19:30 local
    const dur = [15, 30, 30, 45, 60][pickInt(5)];
    const start = new Date(WEEK_START + (day * 1440 + startMin) * MIN);
    const end = new Date(start.getTime() + dur * MIN);
    const s = staff[pickInt(staffCount)];
    s.busy.push({ start, end, label: 'Appointment', kind: 'appointment', id: `a${a}` });
    if (rand() < 0.08) s.busy.push({ start: end, end: new Date(end.getTime() + 10 * MIN), label: 'Cleanup', kind: 'buffer' });
    if (rand() < 0.2) roomCals[pickInt(rooms)].busy.push({ start, end, label: 'Appointment', id: `a${a}` });
    if (rand() < 0.1) deviceCals[pickInt(devices)].busy.push({ start, end, label: 'Appointment', id: `a${a}` });
  }
  const service = {
    id: 'laser-facial',
    name: 'Laser facial',
    durationMin: 75,
    bufferBeforeMin: 5,
    bufferAfterMin: 10,
    processing: { startAfterMin: 20, durationMin: 25 },
    roomType: 'treatment',
    deviceTypes: ['laser'],
    staffIds: staff.map((s) => s.staffId),
  };
  const fairness = Object.fromEntries(staff.map((s) => [s.staffId, s.busy.length]));
  return {
    from: new Date(WEEK_START),
    to: new Date(WEEK_START + days * 1440 * MIN),
    now: new Date(WEEK_START - 1440 * MIN),
    services: [service],
    staffChoice: ['any'],
    staff,
    resources: [...roomCals, ...deviceCals],
    policy: {
      timeZone: 'America/Chicago',
      slotIntervalMin: 15,
      minNoticeMin: 120,
      maxAdvanceDays: 60,
      openingHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
    },
    fairness,
  };
}

export async function run({ iterations = 200, warmup = 20, log = console.log } = {}) {
  if (!existsSync(ENGINE)) {
    throw new Error(`availability bench: ${ENGINE} not found — build the scheduling service first (npm run build -w @salon/scheduling)`);
  }
  const { findSlots } = await import(pathToFileURL(ENGINE).href);
  const request = buildLocation();
  let slots = 0;
  for (let i = 0; i < warmup; i++) slots = findSlots(request).length;
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    slots = findSlots(request).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const result = {
    name: 'availability: week of slots, 20 staff / 6 rooms / 4 devices / 2,000 appointments',
    iterations,
    slots,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    goalP95Ms: 25,
  };
  result.pass = result.p95 < result.goalP95Ms;
  log(
    `${result.name}: ${slots} slots; p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms (goal p95 < 25 ms: ${result.pass ? 'met' : 'MISSED'})`,
  );
  result.unavailable = await runShading(request, { iterations, warmup, log });
  result.month = await runMonth(findSlots, { iterations: Math.max(20, Math.round(iterations / 4)), warmup: 5, log });
  return result;
}

/**
 * "Any staff" over a whole month of the same busy workload (2,000 appointments a week, so about
 * 8,600 in 30 days), one findSlots call for the month: what GET /api/availability answers for a
 * month view, without its queries.
 */
async function runMonth(findSlots, { iterations, warmup, log }) {
  const days = 30;
  const request = buildLocation({ days, appointments: Math.round((2000 * days) / 7) });
  let slots = 0;
  for (let i = 0; i < warmup; i++) slots = findSlots(request).length;
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    slots = findSlots(request).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const result = {
    name: `availability: a month (${days} days) of slots for any staff, 20 staff / 6 rooms / 4 devices / ${Math.round((2000 * days) / 7)} appointments`,
    iterations,
    slots,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    goalP95Ms: 25,
  };
  result.pass = result.p95 < result.goalP95Ms;
  log(
    `${result.name}: ${slots} slots; p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms (goal p95 < 25 ms: ${result.pass ? 'met' : 'MISSED'})`,
  );
  return result;
}

/** The calendar's shading (GET /api/availability/unavailable without its queries): a week × every staff member. */
async function runShading(request, { iterations, warmup, log }) {
  if (!existsSync(SHADING)) throw new Error(`availability bench: ${SHADING} not found — build the scheduling service first`);
  const { unavailableIntervals } = await import(pathToFileURL(SHADING).href);
  const window = { start: request.from, end: request.to };
  const shade = () => request.staff.reduce((n, cal) => n + unavailableIntervals(cal, window, request.policy, request.now).length, 0);
  let intervals = 0;
  for (let i = 0; i < warmup; i++) intervals = shade();
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    intervals = shade();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const result = {
    name: `calendar shading: a week × ${request.staff.length} staff, reasons from the engine`,
    iterations,
    intervals,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
  };
  log(`${result.name}: ${intervals} stretches; p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms`);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { iterations: { type: 'string', default: '200' } } });
  await run({ iterations: Number(values.iterations) });
}
