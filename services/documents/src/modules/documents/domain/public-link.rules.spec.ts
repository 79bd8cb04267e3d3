import { describe, expect, it } from 'vitest';
import { deleteProblem, newPublicId, publicLinkState, retainUntil } from './public-link.rules.js';

const now = new Date('2026-11-23T15:00:00Z');

describe('public links', () => {
  it('makes ids of 144 random bits in letters, digits, underscore and hyphen', () => {
    const ids = new Set(Array.from({ length: 200 }, newPublicId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('answers only while shared, not revoked and not expired', () => {
    const shared = { publicId: 'abc', publicRevokedAt: null, publicExpiresAt: null };
    expect(publicLinkState(shared, now)).toBe('live');
    expect(publicLinkState({ ...shared, publicId: null }, now)).toBe('unshared');
    expect(publicLinkState({ ...shared, publicRevokedAt: now }, now)).toBe('revoked');
    expect(publicLinkState({ ...shared, publicExpiresAt: now }, now)).toBe('expired');
    expect(publicLinkState({ ...shared, publicExpiresAt: new Date(now.getTime() + 1000) }, now)).toBe('live');
  });
});

describe('retention', () => {
  it('keeps a signed form seven years; other documents may go', () => {
    expect(retainUntil(now).toISOString()).toBe('2033-11-23T15:00:00.000Z');
    expect(deleteProblem({ retainUntil: retainUntil(now) }, now)).toMatch(/kept until 2033-11-23/);
    expect(deleteProblem({ retainUntil: null }, now)).toBeNull();
    expect(deleteProblem({ retainUntil: now }, new Date(now.getTime() + 1))).toBeNull();
  });
});
