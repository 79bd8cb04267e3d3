import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationFailedError } from '../errors/app-errors.js';
import { parseInput } from './parse-input.js';

const schema = z.strictObject({ email: z.email('must be a valid e-mail address'), password: z.string().min(1) });

describe('parseInput', () => {
  it('returns the parsed value', () => {
    expect(parseInput(schema, { email: 'a@b.co', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
  it('names each bad field', () => {
    try {
      parseInput(schema, { email: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailedError);
      expect((error as ValidationFailedError).details).toEqual([
        { field: 'email', message: 'must be a valid e-mail address' },
        { field: 'password', message: 'is required' },
      ]);
    }
  });
  it('refuses unknown fields', () => {
    expect(() => parseInput(schema, { email: 'a@b.co', password: 'x', role: 'admin' })).toThrow('unknown field(s): role');
  });
  it('treats a missing body as empty', () => {
    expect(() => parseInput(schema, undefined)).toThrow('email: is required');
  });
});

describe('parseInput messages (issue 10, finding 13): say what is wrong', () => {
  const problems = (schema: z.ZodType, input: unknown) => {
    try {
      parseInput(schema, input);
    } catch (error) {
      return (error as ValidationFailedError).details;
    }
    return [];
  };

  it('a value of the wrong type is "must be a <type>", only a missing one "is required"', () => {
    const s = z.strictObject({
      email: z.email('must be a valid e-mail address'),
      count: z.number().int(),
      whole: z.number().int(),
      on: z.boolean(),
      tags: z.array(z.string()),
      address: z.object({ city: z.string() }),
      name: z.string({ error: 'is required' }),
    });
    expect(problems(s, { email: 42, count: 'x', whole: 1.5, on: 'yes', tags: 'a', address: 'x', name: 7 })).toEqual([
      { field: 'email', message: 'must be a string' },
      { field: 'count', message: 'must be a number' },
      { field: 'whole', message: 'must be a whole number' },
      { field: 'on', message: 'must be true or false' },
      { field: 'tags', message: 'must be a list' },
      { field: 'address', message: 'must be an object' },
      { field: 'name', message: 'must be a string' },
    ]);
    expect(problems(s, { email: 'a@b.co', count: 1, whole: 1, on: true, tags: [], address: {} })).toEqual([
      { field: 'address.city', message: 'is required' },
      { field: 'name', message: 'is required' },
    ]);
  });

  it("zod's default texts become sentences naming the limit; a schema's own message stays", () => {
    const s = z.strictObject({
      name: z.string().max(3),
      first: z.string().min(1),
      id: z.uuid(),
      at: z.iso.datetime({ offset: true }),
      day: z.iso.date(),
      mail: z.email(),
      kind: z.enum(['room', 'device']),
      n: z.number().min(5).max(10),
      list: z.array(z.string()).max(1),
      own: z.string().max(2, 'keep it short'),
    });
    expect(
      problems(s, {
        name: 'abcd',
        first: '',
        id: 'x',
        at: 'soon',
        day: '2026-02-30',
        mail: 'x',
        kind: 'car',
        n: 11,
        list: ['a', 'b'],
        own: 'abc',
      }),
    ).toEqual([
      { field: 'name', message: 'must be at most 3 characters' },
      { field: 'first', message: 'must not be empty' },
      { field: 'id', message: 'must be an id (a UUID)' },
      { field: 'at', message: 'must be a date and time with an offset, like 2026-04-21T14:30:00Z' },
      { field: 'day', message: 'must be a date like 2026-04-21' },
      { field: 'mail', message: 'must be a valid e-mail address' },
      { field: 'kind', message: 'must be one of room, device' },
      { field: 'n', message: 'must be at most 10' },
      { field: 'list', message: 'must have at most 1 item' },
      { field: 'own', message: 'keep it short' },
    ]);
    expect(problems(s.pick({ n: true }), { n: 4 })).toEqual([{ field: 'n', message: 'must be at least 5' }]);
  });
});
