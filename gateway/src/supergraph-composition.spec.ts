import { readFileSync } from 'node:fs';
import { isObjectType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { composeSupergraph, CompositionFailedError, findSubgraphSchemaFiles } from './supergraph-composition.js';

const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}.graphql`, import.meta.url), 'utf8');
const fields = (type: unknown) => Object.keys((type as GraphQLObjectType).getFields());

describe('composeSupergraph (fixtures)', () => {
  it('composes identity with a subgraph that extends User', () => {
    const { supergraphSdl, apiSchema } = composeSupergraph([
      { name: 'identity', url: 'http://identity/graphql', sdl: fixture('identity') },
      { name: 'scheduling', url: 'http://scheduling/graphql', sdl: fixture('scheduling') },
    ]);
    expect(supergraphSdl).toContain('join__Graph');
    expect(supergraphSdl).toContain('url: "http://identity/graphql"');
    for (const type of ['User', 'PermissionGroup', 'Location', 'BusinessSettings', 'ColorPreferences', 'Service']) {
      expect(isObjectType(apiSchema.getType(type)), type).toBe(true);
    }
    expect(fields(apiSchema.getType('User'))).toEqual(expect.arrayContaining(['email', 'permissions', 'upcomingAppointmentCount']));
    expect(fields(apiSchema.getQueryType())).toEqual(expect.arrayContaining(['viewer', 'locations', 'businessSettings', 'publicServices']));
    expect(apiSchema.getType('join__Graph')).toBeUndefined();
  });

  it('reports every composition error', () => {
    const compose = () =>
      composeSupergraph([
        { name: 'identity', url: 'http://identity/graphql', sdl: fixture('identity') },
        { name: 'conflicting', url: 'http://conflicting/graphql', sdl: fixture('conflicting') },
      ]);
    expect(compose).toThrow(CompositionFailedError);
    expect(compose).toThrow(/User\.email/);
  });

  it('refuses SDL that does not parse', () => {
    expect(() => composeSupergraph([{ name: 'broken', url: 'http://b/graphql', sdl: 'type Query {' }])).toThrow(/broken: Syntax Error/);
  });
});

describe('the repository subgraphs', () => {
  const files = findSubgraphSchemaFiles();
  const title = files.length
    ? `compose: ${files.map((f) => f.name).join(', ')}`
    : 'compose services/*/schema.graphql (skipped: no subgraph has committed its schema.graphql yet)';

  it.skipIf(files.length === 0)(title, () => {
    const { apiSchema } = composeSupergraph(files.map((f) => ({ name: f.name, url: `http://${f.name}/graphql`, sdl: f.sdl })));
    const names = files.map((f) => f.name);
    if (names.includes('identity')) {
      for (const type of ['User', 'PermissionGroup', 'Location', 'BusinessSettings', 'ColorPreferences']) {
        expect(isObjectType(apiSchema.getType(type)), type).toBe(true);
      }
      expect(fields(apiSchema.getType('User'))).toEqual(
        expect.arrayContaining(['id', 'email', 'firstName', 'lastName', 'role', 'permissions']),
      );
      expect(fields(apiSchema.getQueryType())).toEqual(expect.arrayContaining(['viewer', 'locations', 'businessSettings']));
    }
  });
});
