import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ConflictError } from '@salon/nest-kit';
import type { Response } from 'express';
import { GraphQLError } from 'graphql';

/** 409 for a booking the calendar or the database refused: what was taken and the nearest free alternatives. */
export class BookingConflictError extends ConflictError {
  constructor(
    message: string,
    readonly alternatives: unknown[],
    readonly taken: unknown = null,
  ) {
    super(message);
  }
}

/** REST `{error, alternatives, taken}`; GraphQL `extensions.code CONFLICT` with the same. */
@Catch(BookingConflictError)
export class BookingConflictFilter implements ExceptionFilter {
  catch(e: BookingConflictError, host: ArgumentsHost) {
    if (host.getType<string>() === 'graphql') {
      return new GraphQLError(e.message, { extensions: { code: 'CONFLICT', status: 409, alternatives: e.alternatives, taken: e.taken } });
    }
    host.switchToHttp().getResponse<Response>().status(409).json({ error: e.message, alternatives: e.alternatives, taken: e.taken });
    return undefined;
  }
}
