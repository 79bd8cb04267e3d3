import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { currentFromConflict, fieldErrorsOf, filenameFromDisposition } from './clients-api';

describe('filenameFromDisposition', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(filenameFromDisposition('attachment; filename="clients-2026-11-21.csv"', 'x')).toBe('clients-2026-11-21.csv');
    expect(filenameFromDisposition('attachment; filename=clients.json', 'x')).toBe('clients.json');
    expect(filenameFromDisposition('attachment; filename="a.csv"; filename*=UTF-8\'\'caf%C3%A9.csv', 'x')).toBe('café.csv');
    expect(filenameFromDisposition(null, 'clients.csv')).toBe('clients.csv');
  });
});

describe('fieldErrorsOf', () => {
  it('maps details to fields, first message wins', () => {
    const e = new ApiError('email: bad', 400, {
      error: 'email: bad',
      details: [
        { field: 'email', message: 'bad' },
        { field: 'email', message: 'later' },
        { field: 'f1', message: 'is required' },
      ],
    });
    expect(fieldErrorsOf(e)).toEqual({ email: 'bad', f1: 'is required' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});

describe('currentFromConflict', () => {
  it('finds the current record of a 409', () => {
    const current = { id: 'c1', version: 4 };
    expect(currentFromConflict(new ApiError('stale', 409, { error: 'stale', details: current }))).toEqual(current);
    expect(currentFromConflict(new ApiError('stale', 409, { error: 'stale', details: { current } }))).toEqual(current);
    expect(currentFromConflict(new ApiError('bad', 400, { details: current }))).toBeNull();
  });
});
