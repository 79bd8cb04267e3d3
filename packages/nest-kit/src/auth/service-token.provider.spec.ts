import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractDriftError, parseAnswer } from './service-token.provider.js';

describe('parseAnswer', () => {
  const schema = z.object({ id: z.string(), location: z.object({ timeZone: z.string() }) });

  it('answers the checked body', () => {
    expect(parseAnswer(schema, { id: 'a', location: { timeZone: 'UTC' }, extra: 1 }, 'GET /x')).toEqual({
      id: 'a',
      location: { timeZone: 'UTC' },
    });
  });

  it('refuses a drifted body with an error naming the call and every field that does not fit', () => {
    let error: unknown;
    try {
      parseAnswer(schema, { id: 7, location: {} }, 'GET http://identity/x');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContractDriftError);
    expect((error as ContractDriftError).problems.map((p) => p.field)).toEqual(['id', 'location.timeZone']);
    expect((error as Error).message).toMatch(
      /^GET http:\/\/identity\/x answered a body that breaks its contract: id: .*; location\.timeZone: /,
    );
  });

  it('names the body itself when it is not an object at all', () => {
    expect(() => parseAnswer(schema, null, 'GET /x')).toThrow(/contract: \(body\): /);
  });
});
