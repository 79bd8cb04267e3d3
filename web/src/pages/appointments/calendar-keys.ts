import { SLOT_MIN } from './time-grid';

/** A place on the day grid: the column's index and the minute of the day a 15-minute cell starts at. */
export interface GridPlace {
  col: number;
  min: number;
}

/** The grid's extent: how many columns, the first cell's start and the last cell's start. */
export interface GridExtent {
  columns: number;
  first: number;
  last: number;
}

/** Where the keyboard's focus starts from: a cell, or a block spanning [start, end). */
export type KeyOrigin = { col: number; min: number } | { col: number; start: number; end: number };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** A minute snapped down onto a cell's start. */
const onCell = (min: number) => Math.floor(min / SLOT_MIN) * SLOT_MIN;

/**
 * The cell the focus goes to for a navigation key, or null for a key that is not one. Up and Down
 * leave a block from its first and its last cell, so one press steps past an appointment of any
 * length; Left and Right keep the time and change the person; Home and End go to the day's first
 * and last cell, PageUp and PageDown an hour. It never leaves the grid.
 */
export function nextPlace(key: string, from: KeyOrigin, grid: GridExtent): GridPlace | null {
  if (grid.columns < 1 || grid.last < grid.first) return null;
  const top = 'min' in from ? from.min : from.start;
  const bottom = 'min' in from ? from.min : Math.max(from.start, from.end - SLOT_MIN);
  const at = (col: number, min: number): GridPlace => ({
    col: clamp(col, 0, grid.columns - 1),
    min: clamp(onCell(min), grid.first, grid.last),
  });
  switch (key) {
    case 'ArrowUp':
      return at(from.col, top - SLOT_MIN);
    case 'ArrowDown':
      return at(from.col, bottom + SLOT_MIN);
    case 'ArrowLeft':
      return at(from.col - 1, top);
    case 'ArrowRight':
      return at(from.col + 1, top);
    case 'Home':
      return at(from.col, grid.first);
    case 'End':
      return at(from.col, grid.last);
    case 'PageUp':
      return at(from.col, top - 60);
    case 'PageDown':
      return at(from.col, bottom + 60);
    default:
      return null;
  }
}

/** A keyboard move of a block (Alt + arrow): its new column and start, or null when it would not move. */
export function movedPlace(key: string, from: { col: number; start: number; end: number }, grid: GridExtent): GridPlace | null {
  const length = from.end - from.start;
  let next: GridPlace;
  if (key === 'ArrowUp') next = { col: from.col, min: from.start - SLOT_MIN };
  else if (key === 'ArrowDown') next = { col: from.col, min: from.start + SLOT_MIN };
  else if (key === 'ArrowLeft') next = { col: from.col - 1, min: from.start };
  else if (key === 'ArrowRight') next = { col: from.col + 1, min: from.start };
  else return null;
  // The whole appointment stays on the day; a step off the grid's people is no move at all.
  if (next.col < 0 || next.col >= grid.columns || next.min < 0 || next.min + length > 24 * 60) return null;
  return next;
}

/** The first block in a column's list that covers a minute (blocks given as [start, end)). */
export function blockAt<T extends { start: number; end: number }>(blocks: readonly T[], min: number): T | undefined {
  return blocks.find((b) => b.start <= min && min < b.end);
}
