import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { ServiceRegistry } from './service-registry.js';
import { composeSupergraph, CompositionFailedError, findSubgraphSchemaFiles, REPO_ROOT } from './supergraph-composition.js';

/**
 * Composes every committed `services/<name>/schema.graphql` into one supergraph SDL file for
 * production (SUPERGRAPH_PATH), so the gateway does not depend on introspecting live subgraphs.
 * Usage: node dist/compose-supergraph.js [output=supergraph.graphql]
 * Subgraph URLs come from the *_URL variables; at run time the gateway's own *_URL values win.
 */
const output = resolve(process.argv[2] ?? 'supergraph.graphql');
try {
  const { serviceUrls } = loadConfig();
  const registry = new ServiceRegistry(serviceUrls);
  const files = findSubgraphSchemaFiles(REPO_ROOT);
  if (files.length === 0) throw new CompositionFailedError([`no services/*/schema.graphql under ${REPO_ROOT}`]);
  const subgraphs = files.map((file) => {
    const entry = registry.entries.find((e) => e.name === file.name);
    const base = entry?.url ?? `http://${file.name}`;
    return { name: file.name, url: `${base}${entry?.graphqlPath ?? '/graphql'}`, sdl: file.sdl };
  });
  const { supergraphSdl, hints } = composeSupergraph(subgraphs);
  writeFileSync(output, supergraphSdl);
  for (const hint of hints) console.warn(`hint: ${hint}`);
  console.log(`Composed ${subgraphs.map((s) => s.name).join(', ')} into ${output}`);
} catch (error) {
  if (error instanceof ConfigError || error instanceof CompositionFailedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
