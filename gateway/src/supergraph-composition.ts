import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeServices } from '@apollo/composition';
import { parse, type GraphQLSchema } from 'graphql';

export interface SubgraphSource {
  name: string;
  /** The subgraph's GraphQL endpoint, recorded in the supergraph's join__Graph. */
  url: string;
  /** Federation 2 subgraph SDL (with `extend schema @link(...)`). */
  sdl: string;
}

export interface ComposedSupergraph {
  supergraphSdl: string;
  /** The schema clients see (federation directives and join types removed). */
  apiSchema: GraphQLSchema;
  hints: string[];
}

export class CompositionFailedError extends Error {
  constructor(readonly problems: string[]) {
    super(`Supergraph composition failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CompositionFailedError';
  }
}

/** Composes Federation 2 subgraph SDLs into a supergraph, or throws with every composition error. */
export function composeSupergraph(subgraphs: readonly SubgraphSource[]): ComposedSupergraph {
  if (subgraphs.length === 0) throw new CompositionFailedError(['no subgraphs to compose']);
  const parsed = subgraphs.map((subgraph) => {
    try {
      return { name: subgraph.name, url: subgraph.url, typeDefs: parse(subgraph.sdl) };
    } catch (error) {
      throw new CompositionFailedError([`${subgraph.name}: ${(error as Error).message}`]);
    }
  });
  const result = composeServices(parsed);
  if (result.errors) {
    throw new CompositionFailedError(result.errors.map((e) => `${e.extensions?.code ?? 'ERROR'}: ${e.message}`));
  }
  return {
    supergraphSdl: result.supergraphSdl,
    apiSchema: result.schema.toAPISchema().toGraphQLJSSchema(),
    hints: result.hints.map((hint) => hint.toString()),
  };
}

/** <repo root>, from gateway/src or gateway/dist. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every `services/<name>/schema.graphql` committed in the repository (the subgraphs' printed SDL). */
export function findSubgraphSchemaFiles(repoRoot: string = REPO_ROOT): { name: string; path: string; sdl: string }[] {
  const servicesDir = join(repoRoot, 'services');
  if (!existsSync(servicesDir)) return [];
  return readdirSync(servicesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ name: entry.name, path: join(servicesDir, entry.name, 'schema.graphql') }))
    .filter((file) => existsSync(file.path))
    .map((file) => ({ ...file, sdl: readFileSync(file.path, 'utf8') }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
