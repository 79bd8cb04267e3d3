import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchema, isAbstractType, parse } from 'graphql';
import { InMemoryCache } from '@apollo/client/cache';
import { POSSIBLE_TYPES } from './possible-types';

describe('possibleTypes for the cache', () => {
  it('lists every interface and union of the composed API schema with all its types', () => {
    const schema = buildSchema(readFileSync(new URL('../gql/api-schema.graphql', import.meta.url), 'utf8'));
    const actual: Record<string, string[]> = {};
    for (const type of Object.values(schema.getTypeMap()))
      if (isAbstractType(type) && !type.name.startsWith('_'))
        actual[type.name] = schema
          .getPossibleTypes(type)
          .map((t) => t.name)
          .sort();
    expect(Object.fromEntries(Object.entries(POSSIBLE_TYPES).map(([k, v]) => [k, [...v].sort()]))).toEqual(actual);
  });

  it('reads a fragment on an interface back from the cache whole (a class session keeps its startsAt)', () => {
    // A plain parse (not a tagged template): codegen validates tagged documents against the schema's arguments.
    const query = parse('query Sessions { classSessions { ...Core } } fragment Core on ClassSessionCore { id startsAt }');
    const cache = new InMemoryCache({ possibleTypes: POSSIBLE_TYPES });
    cache.writeQuery({ query, data: { classSessions: [{ __typename: 'ClassSession', id: 's1', startsAt: '2026-11-24T23:15:00.000Z' }] } });
    expect(cache.readQuery<{ classSessions: { startsAt: string }[] }>({ query })?.classSessions[0]?.startsAt).toBe(
      '2026-11-24T23:15:00.000Z',
    );
  });
});
