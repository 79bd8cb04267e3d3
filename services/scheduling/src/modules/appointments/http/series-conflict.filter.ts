import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ConflictError } from '@salon/nest-kit';
import type { Response } from 'express';

export interface RefusedOccurrence {
  startsAt: string;
  reason: string;
}

/** 409 for a series that cannot be created as asked: every refused date with its reason. */
export class SeriesConflictError extends ConflictError {
  constructor(
    message: string,
    readonly conflicts: RefusedOccurrence[],
  ) {
    super(message);
  }
}

/** REST `{error, conflicts: [{startsAt, reason}]}`. */
@Catch(SeriesConflictError)
export class SeriesConflictFilter implements ExceptionFilter {
  catch(e: SeriesConflictError, host: ArgumentsHost) {
    host.switchToHttp().getResponse<Response>().status(409).json({ error: e.message, conflicts: e.conflicts });
  }
}
