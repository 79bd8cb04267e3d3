import { Kind, parse, type ConstDirectiveNode } from 'graphql';

function resolvable(key: ConstDirectiveNode): boolean {
  const arg = key.arguments?.find((a) => a.name.value === 'resolvable');
  return !(arg && arg.value.kind === Kind.BOOLEAN && !arg.value.value);
}

/**
 * The entity types a subgraph resolves through `_entities` (object types with a `@key` that is not
 * `resolvable: false`), read from its SDL, sorted. A service's authorization test compares its table
 * of entity rules with this list, so a new entity cannot ship without a read rule and a test.
 */
export function resolvableEntityTypes(sdl: string): string[] {
  const names = new Set<string>();
  for (const def of parse(sdl).definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    if (def.directives?.some((d) => d.name.value === 'key' && resolvable(d))) names.add(def.name.value);
  }
  return [...names].sort();
}
