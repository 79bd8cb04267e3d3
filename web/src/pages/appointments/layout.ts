/** Block layout of a day column and drag snapping. Pure. */
import { clamp, minutesInDay, snapMinutes, SLOT_MIN, LOCATION_TIME_ZONE } from './time-grid';

export const PX_PER_MIN = 1.2; // 18px per 15-minute row

export interface TimedItem {
  id: string;
  startsAt: string;
  endsAt: string;
}
export interface PlacedBlock<T> {
  item: T;
  startMin: number;
  endMin: number;
  top: number;
  height: number;
  lane: number;
  lanes: number;
}

/** Positions blocks by time (minutes in the day, relative to gridStart); overlapping ones share the width in lanes. */
export function layoutBlocks<T extends TimedItem>(
  items: readonly T[],
  date: string,
  gridStart: number,
  gridEnd: number,
  pxPerMin = PX_PER_MIN,
  tz = LOCATION_TIME_ZONE,
): PlacedBlock<T>[] {
  const placed = items
    .map((item) => ({
      item,
      startMin: minutesInDay(new Date(item.startsAt), date, tz),
      endMin: minutesInDay(new Date(item.endsAt), date, tz),
    }))
    .filter((b) => b.endMin > gridStart && b.startMin < gridEnd)
    .sort((a, b) => a.startMin - b.startMin || b.endMin - a.endMin);
  const out: PlacedBlock<T>[] = [];
  let cluster: PlacedBlock<T>[] = [];
  let clusterEnd = -Infinity;
  const laneEnds: number[] = [];
  const flush = () => {
    const lanes = Math.max(1, ...cluster.map((c) => c.lane + 1));
    for (const c of cluster) c.lanes = lanes;
    cluster = [];
    laneEnds.length = 0;
  };
  for (const b of placed) {
    if (b.startMin >= clusterEnd) flush();
    let lane = laneEnds.findIndex((end) => end <= b.startMin);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = b.endMin;
    const s = clamp(b.startMin, gridStart, gridEnd);
    const e = clamp(b.endMin, gridStart, gridEnd);
    const block: PlacedBlock<T> = {
      ...b,
      top: (s - gridStart) * pxPerMin,
      height: Math.max((e - s) * pxPerMin, SLOT_MIN * pxPerMin * 0.8),
      lane,
      lanes: 1,
    };
    cluster.push(block);
    out.push(block);
    clusterEnd = Math.max(clusterEnd, b.endMin);
  }
  flush();
  return out;
}

/** New start after dragging `deltaPx` vertically: snapped to the slot and kept inside the grid. */
export function dragStart(
  originalStart: number,
  durationMin: number,
  deltaPx: number,
  gridStart: number,
  gridEnd: number,
  pxPerMin = PX_PER_MIN,
  step = SLOT_MIN,
): number {
  const raw = originalStart + deltaPx / pxPerMin;
  return clamp(
    snapMinutes(raw, step),
    gridStart,
    Math.max(gridStart, gridEnd - Math.max(step, Math.min(durationMin, gridEnd - gridStart))),
  );
}

/** Whether a pointer moved far enough to be a drag rather than a click. */
export function isDrag(dx: number, dy: number, threshold = 4): boolean {
  return Math.abs(dx) > threshold || Math.abs(dy) > threshold;
}

/** Processing gap (the client sits while colour develops) inside a block, from the service snapshot. */
export function processingGap(service: unknown, durationMin: number): { offsetMin: number; lengthMin: number } | null {
  const p = (service as { processing?: { startAfterMin?: unknown; durationMin?: unknown } | null } | null)?.processing;
  if (!p || typeof p.startAfterMin !== 'number' || typeof p.durationMin !== 'number' || p.durationMin <= 0) return null;
  if (p.startAfterMin >= durationMin) return null;
  return { offsetMin: p.startAfterMin, lengthMin: Math.min(p.durationMin, durationMin - p.startAfterMin) };
}

/** The cleanup after an appointment (the service snapshot's bufferAfterMin): the engine keeps the person busy for it. */
export function cleanupAfter(service: unknown): number {
  const m = (service as { bufferAfterMin?: unknown } | null)?.bufferAfterMin;
  return typeof m === 'number' && Number.isInteger(m) && m > 0 && m <= 240 ? m : 0;
}

export interface ReasonSpan {
  startsAt: string;
  endsAt: string;
  reason: string;
}
export interface ShadeBlock {
  startMin: number;
  endMin: number;
  top: number;
  height: number;
  reason: string;
}

/** The unavailable stretches of one day column, clipped to the grid, positioned like blocks. */
export function shadeBlocks(
  spans: readonly ReasonSpan[],
  date: string,
  gridStart: number,
  gridEnd: number,
  pxPerMin = PX_PER_MIN,
  tz = LOCATION_TIME_ZONE,
): ShadeBlock[] {
  const out: ShadeBlock[] = [];
  for (const u of spans) {
    const s = clamp(minutesInDay(new Date(u.startsAt), date, tz), gridStart, gridEnd);
    const e = clamp(minutesInDay(new Date(u.endsAt), date, tz), gridStart, gridEnd);
    if (e > s) out.push({ startMin: s, endMin: e, top: (s - gridStart) * pxPerMin, height: (e - s) * pxPerMin, reason: u.reason });
  }
  return out;
}

/** Why the slot starting `minute` after local midnight cannot be booked, or null when it can. */
export function reasonAt(spans: readonly ReasonSpan[], date: string, minute: number, tz = LOCATION_TIME_ZONE): string | null {
  for (const u of spans) {
    if (minutesInDay(new Date(u.startsAt), date, tz) <= minute && minute < minutesInDay(new Date(u.endsAt), date, tz)) return u.reason;
  }
  return null;
}

/** New end after dragging the bottom edge `deltaPx`: snapped, at least one step long, inside the grid. */
export function resizeEnd(
  startMin: number,
  originalEnd: number,
  deltaPx: number,
  gridEnd: number,
  pxPerMin = PX_PER_MIN,
  step = SLOT_MIN,
): number {
  return clamp(snapMinutes(originalEnd + deltaPx / pxPerMin, step), startMin + step, Math.max(startMin + step, gridEnd));
}
