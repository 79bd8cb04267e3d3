import type { GraphQLFormattedError } from 'graphql';

/**
 * "Did you mean …?" names fields, types and enum values the caller did not ask for: a map of the
 * schema for anyone probing it. Apollo's plugin strips it from validation errors only; variable and
 * enum coercion errors carry it too, so the gateway and every subgraph pass each answered error
 * through this (`formatError`).
 */
export function withoutSuggestions(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (!formatted.message.includes('Did you mean')) return formatted;
  return { ...formatted, message: formatted.message.replace(/\s*Did you mean[^?]*\?/g, '') };
}
