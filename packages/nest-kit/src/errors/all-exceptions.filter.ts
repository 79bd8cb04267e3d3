import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { errorForLog } from '../logging/error-log.js';
import { toErrorResponse } from './error-response.js';

/** Answers every REST error with `{error, details?}` and every GraphQL error with an extension code. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const mapped = toErrorResponse(exception);
    // errorForLog here too, not only in createLogger's serializer: whatever logger a caller passes
    // in, a database error's parameters never reach it.
    if (mapped.unexpected) this.logger.error({ err: errorForLog(exception) }, 'Unhandled error');
    else if (mapped.databaseRefusedInput)
      this.logger.warn({ err: errorForLog(exception) }, 'The database refused an input value: a rule in packages/contracts is missing');
    if (host.getType<string>() === 'graphql') {
      const extensions: Record<string, unknown> = { code: mapped.code, status: mapped.status };
      if (mapped.body.details !== undefined) extensions.details = mapped.body.details;
      if (mapped.body.taken !== undefined) extensions.taken = mapped.body.taken;
      if (mapped.body.alternatives !== undefined) extensions.alternatives = mapped.body.alternatives;
      if (mapped.field) extensions.field = mapped.field;
      if (mapped.headers['Retry-After']) extensions.retryAfterSeconds = Number(mapped.headers['Retry-After']);
      return new GraphQLError(mapped.body.error, { extensions });
    }
    const response = host.switchToHttp().getResponse<Response>();
    for (const [name, value] of Object.entries(mapped.headers)) response.setHeader(name, value);
    response.status(mapped.status).json(mapped.body);
    return undefined;
  }
}
