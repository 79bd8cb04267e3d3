import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ConflictError } from '@salon/nest-kit';
import { GraphQLError } from 'graphql';

const OWN = new Set(['message', 'stack', 'name', 'status', 'code', 'field', 'details']);

/**
 * GraphQL's side of a refusal (409): `extensions.code CONFLICT` carrying everything the REST body
 * carries (`taken`, `alternatives`, a series' `conflicts`, a stale record's `details`, the `field`),
 * so the web reads the same facts from either transport. Only for resolvers (REST keeps its filters).
 */
@Catch(ConflictError)
export class GraphqlConflictFilter implements ExceptionFilter {
  catch(e: ConflictError, _host: ArgumentsHost) {
    const extensions: Record<string, unknown> = { code: 'CONFLICT', status: 409 };
    for (const [key, value] of Object.entries(e)) if (!OWN.has(key) && value !== undefined) extensions[key] = value;
    if (e.details !== undefined) extensions.details = e.details;
    if (e.field) extensions.field = e.field;
    return new GraphQLError(e.message, { extensions });
  }
}

/** Drops what GraphQL left out (undefined), keeping explicit nulls ("clear this"), for use-cases with strict input schemas. */
export function given<T extends object>(input: T): T {
  return JSON.parse(JSON.stringify(input)) as T;
}
