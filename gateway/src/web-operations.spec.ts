import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_QUERY_LIMITS, queryCost, queryLimitRules } from '@salon/nest-kit/graphql-limits';
import { Kind, parse, validate, type DefinitionNode, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { composeSupergraph, findSubgraphSchemaFiles } from './supergraph-composition.js';

/**
 * Every operation the web client sends (the documents codegen wrote to web/src/gql/graphql.ts),
 * measured against the composed schema with the limits the gateway and the subgraphs enforce: a
 * change of the limits or of the cost measure cannot refuse a screen of the product unnoticed.
 */
const generated = readFileSync(new URL('../../web/src/gql/graphql.ts', import.meta.url), 'utf8');
const documents = [...generated.matchAll(/^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode/gm)].map(([, name, json]) => ({
  name,
  document: JSON.parse(json) as DocumentNode,
}));

/** The most a screen asks for at once: the clients list's page (web/src/pages/clients/list-params.ts). */
const LARGEST_PAGE = 50;

describe('the web client’s operations fit the GraphQL limits', () => {
  const files = findSubgraphSchemaFiles();
  const { apiSchema } = composeSupergraph(files.map((f) => ({ name: f.name, url: `http://${f.name}/graphql`, sdl: f.sdl })));

  it('found the generated operations', () => {
    expect(documents.length).toBeGreaterThan(20);
  });

  it.each(documents)('$name', ({ document }) => {
    expect(validate(apiSchema, document, queryLimitRules(DEFAULT_QUERY_LIMITS)).map((e) => e.message)).toEqual([]);
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')!;
    // Size variables at the largest page a screen asks for; the rest at their defaults.
    const variables = Object.fromEntries(
      (operation.variableDefinitions ?? [])
        .filter((v) => ['limit', 'first', 'last'].includes(v.variable.name.value))
        .map((v) => [v.variable.name.value, LARGEST_PAGE]),
    );
    const cost = queryCost(apiSchema, document, { variables, defaultListSize: DEFAULT_QUERY_LIMITS.defaultListSize });
    expect(cost).toBeLessThanOrEqual(DEFAULT_QUERY_LIMITS.maxCost);
  });
});
