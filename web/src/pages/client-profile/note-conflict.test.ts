import { describe, expect, it } from 'vitest';
import type { Note } from '@salon/contracts';
import { editDiffers, replaceNote, resolveNoteConflict, sortNotes } from './note-conflict';

const note = (id: string, over: Partial<Note> = {}): Note => ({
  id,
  clientId: 'c1',
  body: 'hello',
  templateId: null,
  templateName: null,
  values: null,
  pinned: false,
  authorId: 'u1',
  authorName: 'Dana',
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  version: 1,
  ...over,
});

describe('resolveNoteConflict', () => {
  it('keeping mine re-sends my edit with their version', () => {
    const theirs = note('n1', { body: 'theirs', version: 5 });
    expect(resolveNoteConflict({ noteId: 'n1', mine: { body: 'mine' }, theirs }, 'keep-mine')).toEqual({
      action: 'resend',
      patch: { body: 'mine', version: 5 },
    });
  });
  it('discarding takes their latest', () => {
    const theirs = note('n1', { body: 'theirs', version: 5 });
    expect(resolveNoteConflict({ noteId: 'n1', mine: { body: 'mine' }, theirs }, 'discard')).toEqual({ action: 'accept', note: theirs });
  });
});

describe('editDiffers', () => {
  it('compares bodies and values regardless of key order', () => {
    expect(editDiffers({ body: 'hello' }, note('n1'))).toBe(false);
    expect(editDiffers({ body: 'bye' }, note('n1'))).toBe(true);
    expect(editDiffers({ values: { a: 1, b: 'x' } }, note('n1', { values: { b: 'x', a: 1 } }))).toBe(false);
    expect(editDiffers({ values: { a: 2 } }, note('n1', { values: { a: 1 } }))).toBe(true);
  });
});

describe('note order', () => {
  it('pinned first, then newest', () => {
    const list = [
      note('old'),
      note('new', { createdAt: '2026-11-05T10:00:00Z' }),
      note('pin', { pinned: true, createdAt: '2026-10-01T00:00:00Z' }),
    ];
    expect(sortNotes(list).map((n) => n.id)).toEqual(['pin', 'new', 'old']);
    expect(replaceNote(list, note('old', { pinned: true })).map((n) => n.id)).toEqual(['old', 'pin', 'new']);
  });
});
