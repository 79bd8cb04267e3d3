// Requests the authorization matrix sends, and how it reads their answers.
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { Outcome } from './policy.js';

/** Placeholder id: a valid UUID that matches nothing. */
export const NOTHING_ID = '00000000-0000-4000-8000-00000000dead';

/** What a probe saw, before it is compared with the policy. */
export type Seen = Outcome | `error: ${string}`;

export interface Answer {
  status: number;
  body: any;
}

/** REST: 401 and 403 are the gates; a server error or a rate limit is never an acceptable answer. */
export function readRest({ status, body }: Answer): Seen {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 429) return 'error: 429 rate limited (the matrix platform raises the limits; a new limit needs raising too)';
  if (status >= 500) return `error: ${status} ${JSON.stringify(body).slice(0, 200)}`;
  return 'allowed';
}

const codes = (body: any): string[] =>
  Array.isArray(body?.errors) ? body.errors.map((e: any) => String(e?.extensions?.code ?? 'NO_CODE')) : [];

/**
 * GraphQL: the first gate error decides (UNAUTHENTICATED before FORBIDDEN, then a query limit);
 * any other document the server could not validate means the probe is wrong, which is a failure of
 * its own; `withheld` says whether the data itself shows a refusal (an entity resolved to null).
 */
export function readGraphql({ status, body }: Answer, withheld: (data: any) => boolean = () => false): Seen {
  if (status === 401) return 'unauthenticated';
  if (status === 429) return 'error: 429 rate limited';
  const found = codes(body);
  if (found.includes('UNAUTHENTICATED')) return 'unauthenticated';
  if (found.includes('FORBIDDEN')) return 'forbidden';
  // A depth, alias or cost limit refusing the document refuses the data too (field probes ask for a lot).
  if (
    Array.isArray(body?.errors) &&
    body.errors.some((e: any) => /\blimit\b/i.test(String(e?.message)) && /exceed/i.test(String(e?.message)))
  ) {
    return 'forbidden';
  }
  const broken = found.find((c) => ['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'INTERNAL_SERVER_ERROR', 'NO_CODE'].includes(c));
  if (broken || status >= 500 || body === null || typeof body !== 'object') {
    const message = Array.isArray(body?.errors) ? body.errors.map((e: any) => e?.message).join('; ') : JSON.stringify(body);
    return `error: ${status} ${broken ?? ''} ${String(message).slice(0, 300)}`;
  }
  return withheld(body.data) ? 'forbidden' : 'allowed';
}

export function loadSchema(sdl: string): GraphQLSchema {
  return buildSchema(sdl, { assumeValidSDL: true });
}

const SCALAR_PLACEHOLDERS: Record<string, unknown> = {
  ID: NOTHING_ID,
  String: 'x',
  Int: 1,
  Float: 1,
  Boolean: false,
  DateTime: '2026-01-05T15:00:00.000Z',
  JSONObject: {},
};

/** A value the GraphQL layer accepts for `type` (so the gate, not variable coercion, answers). */
export function placeholder(type: GraphQLInputType, path: string): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [placeholder(nullable.ofType, `${path}[]`)];
  if (isEnumType(nullable)) return nullable.getValues()[0]?.value;
  if (isScalarType(nullable)) {
    if (!(nullable.name in SCALAR_PLACEHOLDERS)) {
      throw new Error(
        `No placeholder for scalar ${nullable.name} (at ${path}): add one to SCALAR_PLACEHOLDERS in infra/test/authorization/probes.ts`,
      );
    }
    return SCALAR_PLACEHOLDERS[nullable.name];
  }
  if (isInputObjectType(nullable)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(nullable.getFields())) {
      if (isNonNullType(field.type) && field.defaultValue === undefined)
        value[field.name] = placeholder(field.type, `${path}.${field.name}`);
    }
    return value;
  }
  throw new Error(`Cannot make a placeholder for ${String(type)} at ${path}`);
}

const required = (arg: GraphQLArgument) => isNonNullType(arg.type) && arg.defaultValue === undefined;

/**
 * `query Probe($a: T!) { field(a: $a) { __typename } }` with placeholders for the required
 * arguments only; `idOverride` goes in the `idParam` argument (default `id`: self / another user).
 */
export function rootFieldProbe(
  operation: 'query' | 'mutation',
  field: GraphQLField<unknown, unknown>,
  idOverride?: string,
  idParam = 'id',
): { query: string; variables: Record<string, unknown> } {
  const args = field.args.filter(required);
  const variables: Record<string, unknown> = {};
  for (const arg of args)
    variables[arg.name] = arg.name === idParam && idOverride ? idOverride : placeholder(arg.type, `${field.name}.${arg.name}`);
  const declared = args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const query = `${operation} Probe${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
  return { query, variables };
}

/** `_entities` for one representation; the entity comes back null (or with an error) when refused. */
export function entityProbe(type: string, id: string): { query: string; variables: Record<string, unknown> } {
  return {
    query: 'query Probe($representations: [_Any!]!) { _entities(representations: $representations) { __typename } }',
    variables: { representations: [{ __typename: type, id }] },
  };
}

export const entityWithheld = (data: any) => !data?._entities?.[0];

/** Entity types a subgraph answers `_entities` for, and those it only references (`resolvable: false`). */
export function entityTypes(schema: GraphQLSchema): { type: string; stub: boolean }[] {
  const union = schema.getType('_Entity');
  if (!union || !('getTypes' in union)) return [];
  return (union as any).getTypes().map((type: any) => {
    const keys = (type.astNode?.directives ?? []).filter((d: any) => d.name.value === 'key');
    const stub =
      keys.length > 0 &&
      keys.every((d: any) =>
        d.arguments?.some((a: any) => a.name.value === 'resolvable' && a.value.kind === 'BooleanValue' && !a.value.value),
      );
    return { type: type.name, stub };
  });
}

/** Root fields of a schema: Query and Mutation (Subscription has no transport here). */
export function rootFields(schema: GraphQLSchema): { type: 'Query' | 'Mutation'; field: GraphQLField<unknown, unknown> }[] {
  const out: { type: 'Query' | 'Mutation'; field: GraphQLField<unknown, unknown> }[] = [];
  for (const [type, root] of [
    ['Query', schema.getQueryType()],
    ['Mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(root?.getFields() ?? {})) out.push({ type, field });
  }
  return out;
}

/** Path parameters replaced: `id` by the target's id when given, every other one by NOTHING_ID. */
export function concretePath(path: string, idOverride?: string, idParam = 'id'): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_m, name: string) => (name === idParam && idOverride ? idOverride : NOTHING_ID));
}
