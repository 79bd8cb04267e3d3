import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { draftFromTyped, draftToInput, duplicateFrom409, duplicateSentence } from './create-client';

describe('draftFromTyped', () => {
  it('splits a typed name, or recognises a phone or e-mail', () => {
    expect(draftFromTyped(' Ana  de la Cruz ')).toEqual({ firstName: 'Ana', lastName: 'de la Cruz', phone: '', email: '' });
    expect(draftFromTyped('(312) 555-0101').phone).toBe('(312) 555-0101');
    expect(draftFromTyped('ana@example.com').email).toBe('ana@example.com');
  });
  it('builds the POST body', () => {
    expect(draftToInput({ firstName: ' Ana ', lastName: '', phone: '312 555 0101', email: ' Ana@X.com ' })).toEqual({
      firstName: 'Ana',
      lastName: null,
      phone: '+13125550101',
      email: 'ana@x.com',
    });
  });
});

describe('duplicateFrom409', () => {
  it('finds the existing client in details', () => {
    const e = new ApiError('A client with this phone already exists', 409, {
      error: 'x',
      details: { existing: { id: 'c9', fullName: 'Ana Ruiz', phone: '+13125550101' } },
    });
    const hit = duplicateFrom409(e, { phone: '+13125550101', email: null });
    expect(hit).toEqual({ id: 'c9', fullName: 'Ana Ruiz', matchedOn: 'phone', message: 'A client with this phone already exists' });
    expect(duplicateSentence(hit!)).toBe('A client with this phone already exists: Ana Ruiz');
  });
  it('reads a details list with field and clientId', () => {
    const e = new ApiError('dup', 409, { details: [{ field: 'email', message: 'taken', clientId: 'c2', name: 'Bo Li' }] });
    expect(duplicateFrom409(e)).toMatchObject({ id: 'c2', fullName: 'Bo Li', matchedOn: 'e-mail' });
  });
  it('is null for other errors and still useful without a client', () => {
    expect(duplicateFrom409(new ApiError('bad', 400, {}))).toBeNull();
    const hit = duplicateFrom409(new ApiError('Duplicate phone', 409, { error: 'Duplicate phone' }))!;
    expect(hit.id).toBeNull();
    expect(hit.matchedOn).toBe('phone');
    expect(duplicateSentence(hit)).toBe('Duplicate phone');
  });
});
