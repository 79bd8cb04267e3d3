import type { Note, NoteValues } from '@salon/contracts';

/**
 * A note is never silently lost: a PATCH with a stale version gets 409 and the current note. The
 * user sees "Your edit" and "Their latest" and keeps theirs (re-send the edit with the new
 * version) or discards the edit. Pure.
 */
export interface NoteEdit {
  body?: string;
  values?: NoteValues;
}

export interface NoteConflict {
  noteId: string;
  mine: NoteEdit;
  theirs: Note;
}

export type ConflictChoice = 'keep-mine' | 'discard';

export type Resolution = { action: 'resend'; patch: NoteEdit & { version: number } } | { action: 'accept'; note: Note };

export function resolveNoteConflict(conflict: NoteConflict, choice: ConflictChoice): Resolution {
  if (choice === 'discard') return { action: 'accept', note: conflict.theirs };
  return { action: 'resend', patch: { ...conflict.mine, version: conflict.theirs.version } };
}

/** Whether the edit still changes anything against their latest (if not, nothing to resolve). */
export function editDiffers(mine: NoteEdit, theirs: Note): boolean {
  if (mine.body !== undefined && mine.body !== (theirs.body ?? '')) return true;
  if (mine.values !== undefined && stableJson(mine.values) !== stableJson(theirs.values ?? {})) return true;
  return false;
}

function stableJson(v: unknown): string {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** Notes in display order: pinned first, then newest first (the server's order, kept after local edits). */
export function sortNotes(notes: readonly Note[]): Note[] {
  return [...notes].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.createdAt.localeCompare(a.createdAt));
}

/** Replace one note in a list (after a save or a conflict resolution). */
export function replaceNote(notes: readonly Note[], note: Note): Note[] {
  const found = notes.some((n) => n.id === note.id);
  return sortNotes(found ? notes.map((n) => (n.id === note.id ? note : n)) : [...notes, note]);
}
