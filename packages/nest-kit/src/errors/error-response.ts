import { HttpException } from '@nestjs/common';
import type { ErrorBody } from '@salon/contracts';
import { AppError, ConflictError, TooManyRequestsError, ValidationFailedError } from './app-errors.js';
import { databaseInputProblem } from './database-errors.js';

export interface ErrorResponse {
  status: number;
  code: string;
  body: ErrorBody;
  /** The input field the error is about, for GraphQL's `extensions.field`. */
  field?: string;
  headers: Record<string, string>;
  /** True when the error is ours to fix (logged at error level with its stack). */
  unexpected: boolean;
  /**
   * True when the database, not a zod rule, refused the caller's value: answered 400, and logged
   * at warn level (without the value) because a rule in packages/contracts is missing.
   */
  databaseRefusedInput?: boolean;
}

const CODES: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

/** One mapping from any thrown value to the platform's error shape (pure, so it is tested alone). */
export function toErrorResponse(exception: unknown): ErrorResponse {
  if (exception instanceof AppError) {
    const body: ErrorBody = { error: exception.message };
    let field: string | undefined;
    if (exception instanceof ValidationFailedError) {
      body.details = exception.details;
      field = exception.details[0]?.field;
    }
    if (exception instanceof ConflictError) {
      if (exception.details !== undefined) body.details = exception.details;
      if (exception.parts.taken !== undefined) body.taken = exception.parts.taken;
      if (exception.parts.alternatives !== undefined) body.alternatives = exception.parts.alternatives;
      field = exception.field ?? undefined;
    }
    const headers: Record<string, string> = {};
    if (exception instanceof TooManyRequestsError) headers['Retry-After'] = String(exception.retryAfterSeconds);
    return { status: exception.status, code: exception.code, body, field, headers, unexpected: false };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    let message = exception.message;
    if (typeof response === 'string') message = response;
    else if (response && typeof response === 'object') {
      const r = response as { error?: unknown; message?: unknown };
      if (typeof r.error === 'string' && typeof r.message !== 'string' && !Array.isArray(r.message)) message = r.error;
      else if (Array.isArray(r.message)) message = r.message.join('; ');
      else if (typeof r.message === 'string') message = r.message;
    }
    // Body-parser's errors arrive as HttpExceptions with terse texts; say what was wrong.
    if (status === 400 && /JSON/i.test(message)) message = 'The request body is not valid JSON';
    return { status, code: CODES[status] ?? 'ERROR', body: { error: message }, headers: {}, unexpected: status >= 500 };
  }
  const pgCode = (exception as { code?: unknown } | null)?.code;
  if (pgCode === '23505') {
    return { status: 409, code: 'CONFLICT', body: { error: 'That already exists' }, headers: {}, unexpected: false };
  }
  const refused = databaseInputProblem(exception);
  if (refused) {
    return {
      status: 400,
      code: 'BAD_USER_INPUT',
      body: { error: refused.field ? `${refused.field}: ${refused.message}` : refused.message, details: [refused] },
      field: refused.field || undefined,
      headers: {},
      unexpected: false,
      databaseRefusedInput: true,
    };
  }
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', body: { error: 'Internal server error' }, headers: {}, unexpected: true };
}
