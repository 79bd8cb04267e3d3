import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ConflictError } from '@salon/nest-kit';
import type { Response } from 'express';
import { GraphQLError } from 'graphql';

/**
 * A 409 that carries what the caller needs to show the conflict: the current client or note
 * (stale `version`), or the existing client (same phone/e-mail). REST: `{error, details}`;
 * GraphQL: `extensions.code CONFLICT` with `extensions.details`.
 */
export class ConflictWithDetailsError extends ConflictError {
  constructor(
    message: string,
    readonly details: unknown,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

/** Put on controllers and resolvers that can throw ConflictWithDetailsError (class filters run before the global one). */
@Catch(ConflictWithDetailsError)
export class ConflictDetailsFilter implements ExceptionFilter {
  catch(exception: ConflictWithDetailsError, host: ArgumentsHost) {
    if (host.getType<string>() === 'graphql') {
      return new GraphQLError(exception.message, {
        extensions: { code: 'CONFLICT', status: 409, details: exception.details, ...(exception.field ? { field: exception.field } : {}) },
      });
    }
    host.switchToHttp().getResponse<Response>().status(409).json({ error: exception.message, details: exception.details });
    return undefined;
  }
}

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Ids in our uuid columns: a token's subject that is not a uuid is recorded as unknown. */
export function actorUuid(userId: string | null | undefined): string | null {
  return isUuid(userId) ? userId : null;
}
