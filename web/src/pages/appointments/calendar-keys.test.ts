import { describe, expect, it } from 'vitest';
import { blockAt, movedPlace, nextPlace } from './calendar-keys';

const grid = { columns: 3, first: 8 * 60, last: 19 * 60 + 45 };

describe('nextPlace', () => {
  it('steps a cell at a time and keeps the time between people', () => {
    expect(nextPlace('ArrowDown', { col: 0, min: 600 }, grid)).toEqual({ col: 0, min: 615 });
    expect(nextPlace('ArrowUp', { col: 0, min: 600 }, grid)).toEqual({ col: 0, min: 585 });
    expect(nextPlace('ArrowRight', { col: 0, min: 600 }, grid)).toEqual({ col: 1, min: 600 });
    expect(nextPlace('ArrowLeft', { col: 2, min: 600 }, grid)).toEqual({ col: 1, min: 600 });
  });

  it('never leaves the grid', () => {
    expect(nextPlace('ArrowUp', { col: 0, min: grid.first }, grid)).toEqual({ col: 0, min: grid.first });
    expect(nextPlace('ArrowDown', { col: 0, min: grid.last }, grid)).toEqual({ col: 0, min: grid.last });
    expect(nextPlace('ArrowLeft', { col: 0, min: 600 }, grid)).toEqual({ col: 0, min: 600 });
    expect(nextPlace('ArrowRight', { col: 2, min: 600 }, grid)).toEqual({ col: 2, min: 600 });
    expect(nextPlace('PageUp', { col: 1, min: grid.first + 15 }, grid)).toEqual({ col: 1, min: grid.first });
  });

  it('leaves a block from its last cell going down and its first going up', () => {
    const block = { col: 1, start: 600, end: 690 };
    expect(nextPlace('ArrowDown', block, grid)).toEqual({ col: 1, min: 690 });
    expect(nextPlace('ArrowUp', block, grid)).toEqual({ col: 1, min: 585 });
    expect(nextPlace('ArrowRight', block, grid)).toEqual({ col: 2, min: 600 });
  });

  it('snaps a block starting off the quarter onto its cell', () => {
    expect(nextPlace('ArrowLeft', { col: 1, start: 610, end: 640 }, grid)).toEqual({ col: 0, min: 600 });
  });

  it('goes to the first and last cell and an hour at a time', () => {
    expect(nextPlace('Home', { col: 2, min: 700 }, grid)).toEqual({ col: 2, min: grid.first });
    expect(nextPlace('End', { col: 2, min: 700 }, grid)).toEqual({ col: 2, min: grid.last });
    expect(nextPlace('PageDown', { col: 2, min: 700 }, grid)).toEqual({ col: 2, min: 760 - (760 % 15) });
  });

  it('ignores other keys and an empty grid', () => {
    expect(nextPlace('a', { col: 0, min: 600 }, grid)).toBeNull();
    expect(nextPlace('ArrowDown', { col: 0, min: 600 }, { ...grid, columns: 0 })).toBeNull();
  });
});

describe('movedPlace', () => {
  it('moves a quarter hour or to the next person', () => {
    const a = { col: 1, start: 600, end: 660 };
    expect(movedPlace('ArrowDown', a, grid)).toEqual({ col: 1, min: 615 });
    expect(movedPlace('ArrowUp', a, grid)).toEqual({ col: 1, min: 585 });
    expect(movedPlace('ArrowRight', a, grid)).toEqual({ col: 2, min: 600 });
    expect(movedPlace('ArrowLeft', a, grid)).toEqual({ col: 0, min: 600 });
  });

  it('does not move off the people or the day', () => {
    expect(movedPlace('ArrowLeft', { col: 0, start: 600, end: 660 }, grid)).toBeNull();
    expect(movedPlace('ArrowRight', { col: 2, start: 600, end: 660 }, grid)).toBeNull();
    expect(movedPlace('ArrowDown', { col: 0, start: 23 * 60, end: 24 * 60 }, grid)).toBeNull();
    expect(movedPlace('ArrowUp', { col: 0, start: 0, end: 30 }, grid)).toBeNull();
    expect(movedPlace('Enter', { col: 0, start: 600, end: 660 }, grid)).toBeNull();
  });
});

describe('blockAt', () => {
  it('finds the block covering a minute, its end excluded', () => {
    const blocks = [
      { id: 'a', start: 600, end: 660 },
      { id: 'b', start: 660, end: 690 },
    ];
    expect(blockAt(blocks, 645)?.id).toBe('a');
    expect(blockAt(blocks, 660)?.id).toBe('b');
    expect(blockAt(blocks, 690)).toBeUndefined();
  });
});
