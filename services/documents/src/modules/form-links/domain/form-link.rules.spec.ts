import { describe, expect, it } from 'vitest';
import { bookingSendsForms, formLinkFor, type OpenRequest } from './form-link.rules.js';

const now = new Date('2026-03-01T12:00:00Z');
const req = (id: string, formName: string, expiresAt = '2026-03-05T00:00:00Z'): OpenRequest => ({
  id,
  formId: `10${id}`,
  formName,
  token: `token-${id}`,
  expiresAt: new Date(expiresAt),
});

describe('form link rules', () => {
  it('carries the first open form by name and names them all once', () => {
    const link = formLinkFor([req('2', 'Waiver'), req('1', 'Intake'), req('3', 'Waiver')], now)!;
    expect(link.first.id).toBe('1');
    expect(link.formNames).toEqual(['Intake', 'Waiver']);
    expect(link.expiresAt.toISOString()).toBe('2026-03-05T00:00:00.000Z');
  });

  it('leaves out lapsed requests, and sends nothing when none is open', () => {
    const link = formLinkFor([req('1', 'Intake', '2026-03-01T12:00:00Z'), req('2', 'Waiver')], now)!;
    expect(link.first.id).toBe('2');
    expect(link.formNames).toEqual(['Waiver']);
    expect(formLinkFor([req('1', 'Intake', '2026-02-01T00:00:00Z')], now)).toBeNull();
    expect(formLinkFor([], now)).toBeNull();
  });

  it('a booking sends forms only for a visit still ahead', () => {
    expect(bookingSendsForms(new Date('2026-03-01T12:00:01Z'), now)).toBe(true);
    expect(bookingSendsForms(new Date('2026-03-01T12:00:00Z'), now)).toBe(false);
    expect(bookingSendsForms(new Date('2026-02-01T00:00:00Z'), now)).toBe(false);
  });
});
