import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_QUERY_LIMITS, queryCost, queryLimitRules } from '@salon/nest-kit/graphql-limits';
import { Kind, parse, validate, type DefinitionNode, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { composeSupergraph, findSubgraphSchemaFiles } from './supergraph-composition.js';

/**
 * Every operation the web client sends (each graphql(`…`) in web/src, as codegen reads them),
 * measured against the composed schema with the limits the gateway and the subgraphs enforce: a
 * change of the limits or of the cost measure cannot refuse a screen of the product unnoticed.
 */
const WEB_SRC = fileURLToPath(new URL('../../web/src', import.meta.url));
const sources = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('gql'))
  .flatMap((file) => [...readFileSync(join(WEB_SRC, file), 'utf8').matchAll(/graphql\(`([\s\S]*?)`\)/g)].map((m) => m[1]));
const definitions: DefinitionNode[] = sources.flatMap((source) => parse(source).definitions);
const fragments = definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
const documents = definitions
  .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
  .map((operation) => ({
    name: operation.name?.value ?? '(anonymous)',
    document: { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] } as DocumentNode,
  }));

/** The most a screen asks for at once: the clients list's page (web/src/pages/clients/list-params.ts). */
const LARGEST_PAGE = 50;

describe('the web client’s operations fit the GraphQL limits', () => {
  const files = findSubgraphSchemaFiles();
  const { apiSchema } = composeSupergraph(files.map((f) => ({ name: f.name, url: `http://${f.name}/graphql`, sdl: f.sdl })));

  it('found the web client’s operations', () => {
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
