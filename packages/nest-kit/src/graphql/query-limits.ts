import type { ApolloServerPlugin } from '@apollo/server';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { z } from 'zod';

/**
 * The limits every GraphQL entry point enforces: the gateway on what callers send it, and each
 * subgraph on what reaches it (through the gateway or directly). One implementation, so a query the
 * gateway lets through is measured the same way by the service behind it.
 */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
  /** The size assumed for a list whose field has no size argument (`limit`, `first`, `last`). */
  defaultListSize: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxDepth: 12, maxAliases: 15, maxCost: 5000, defaultListSize: 10 };

const positiveInt = z.coerce.number('must be a positive integer').int('must be a positive integer').positive('must be a positive integer');

/** The variables that set the limits, with the same names and defaults in the gateway and every service. */
export const queryLimitsConfigSchema = z.object({
  GRAPHQL_MAX_DEPTH: positiveInt.default(DEFAULT_QUERY_LIMITS.maxDepth),
  GRAPHQL_MAX_ALIASES: positiveInt.default(DEFAULT_QUERY_LIMITS.maxAliases),
  GRAPHQL_MAX_COST: positiveInt.default(DEFAULT_QUERY_LIMITS.maxCost),
  GRAPHQL_DEFAULT_LIST_SIZE: positiveInt.default(DEFAULT_QUERY_LIMITS.defaultListSize),
});
export type QueryLimitsConfig = z.infer<typeof queryLimitsConfigSchema>;

export function queryLimitsOf(config: Partial<QueryLimitsConfig>): QueryLimits {
  return {
    maxDepth: config.GRAPHQL_MAX_DEPTH ?? DEFAULT_QUERY_LIMITS.maxDepth,
    maxAliases: config.GRAPHQL_MAX_ALIASES ?? DEFAULT_QUERY_LIMITS.maxAliases,
    maxCost: config.GRAPHQL_MAX_COST ?? DEFAULT_QUERY_LIMITS.maxCost,
    defaultListSize: config.GRAPHQL_DEFAULT_LIST_SIZE ?? DEFAULT_QUERY_LIMITS.defaultListSize,
  };
}

/** Arguments that say how many items a field answers. */
const SIZE_ARGUMENTS = new Set(['limit', 'first', 'last']);

export interface CostOptions {
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
  defaultListSize: number;
}

/**
 * What an operation may cost, counted before it runs, as Shopify and GitHub count theirs: every
 * object it may return costs 1 (scalars and enums are part of their object and cost nothing), and
 * a list multiplies the cost of the selection under it by its size, which is
 * - the field's `limit`/`first`/`last` argument (a literal or a variable's value);
 * - for federation's `_entities`, the number of representations asked for;
 * - else the size argument of the field holding it (`clients(limit: 50) { items { … } }`);
 * - else `defaultListSize`.
 * Fragments count where they are spread; every type condition of an abstract type counts (the
 * upper bound). Introspection costs nothing (it is off in production).
 */
export function queryCost(schema: GraphQLSchema, document: DocumentNode, options: CostOptions): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    if (def.kind === Kind.OPERATION_DEFINITION) operations.push(def);
  }
  const operation = options.operationName ? operations.find((o) => o.name?.value === options.operationName) : operations[0];
  if (!operation) return 0;
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return 0;

  const variables: Record<string, unknown> = {};
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const given = options.variables?.[name];
    variables[name] = given !== undefined ? given : def.defaultValue ? valueFromASTUntyped(def.defaultValue) : undefined;
  }

  const argValue = (field: FieldNode, name: string): unknown => {
    const arg = field.arguments?.find((a) => a.name.value === name);
    return arg ? valueFromASTUntyped(arg.value, variables) : undefined;
  };
  const sizeOf = (field: FieldNode): number | undefined => {
    if (field.name.value === '_entities') {
      const reps = argValue(field, 'representations');
      if (Array.isArray(reps)) return reps.length;
    }
    for (const name of SIZE_ARGUMENTS) {
      const value = argValue(field, name);
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
    }
    return undefined;
  };

  const visit = (set: SelectionSetNode, parent: GraphQLCompositeType, inherited: number | undefined, seen: Set<string>): number => {
    let cost = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (on && isCompositeType(on)) cost += visit(selection.selectionSet, on, inherited, seen);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        const on = fragment && schema.getType(fragment.typeCondition.name.value);
        if (fragment && on && isCompositeType(on) && !seen.has(name)) {
          cost += visit(fragment.selectionSet, on, inherited, new Set([...seen, name]));
        }
        continue;
      }
      if (selection.name.value.startsWith('__')) continue;
      const def = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[selection.name.value] : undefined;
      if (!def || !selection.selectionSet) continue;
      const child = getNamedType(def.type);
      if (!isCompositeType(child)) continue;
      const size = sizeOf(selection);
      const isList = isListType(getNullableType(def.type));
      const multiplier = isList ? (size ?? inherited ?? options.defaultListSize) : 1;
      cost += multiplier * (1 + visit(selection.selectionSet, child, isList ? undefined : size, seen));
    }
    return cost;
  };
  return visit(operation.selectionSet, root, undefined, new Set());
}

/** A refusal of the limits: a validation failure (HTTP 400), as graphql-armor's depth and alias rules report theirs. */
function limitError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } });
}

/**
 * Depth and alias limits (graphql-armor) as validation rules: a rejection is an ordinary validation
 * error (HTTP 400, GRAPHQL_VALIDATION_FAILED), without the "Syntax Error:" prefix graphql-armor
 * puts on it.
 */
export function queryLimitRules(limits: Pick<QueryLimits, 'maxDepth' | 'maxAliases'>): ValidationRule[] {
  const report = (context: ValidationContext | null, error: GraphQLError) =>
    context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')));
  const common = { propagateOnRejection: false, onReject: [report], exposeLimits: true };
  return [
    maxDepthRule({ ...common, n: limits.maxDepth, ignoreIntrospection: true, flattenFragments: true }) as unknown as ValidationRule,
    maxAliasesRule({ ...common, n: limits.maxAliases }) as unknown as ValidationRule,
  ];
}

/**
 * The cost limit as an Apollo Server plugin: it runs once the operation is known, when the
 * variables are (a `limit: $n` counts with the value of `$n`), which a validation rule never sees.
 */
export function queryCostPlugin<TContext extends object>(
  limits: Pick<QueryLimits, 'maxCost' | 'defaultListSize'>,
): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, operationName }) {
          const cost = queryCost(schema, document, {
            operationName: operationName ?? request.operationName,
            variables: request.variables,
            defaultListSize: limits.defaultListSize,
          });
          if (cost > limits.maxCost) throw limitError(`Query Cost limit of ${limits.maxCost} exceeded, found ${cost}.`);
        },
      };
    },
  };
}
