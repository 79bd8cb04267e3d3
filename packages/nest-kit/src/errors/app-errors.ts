/**
 * Errors a use-case throws. They carry no HTTP or GraphQL knowledge; the exception filter maps
 * them to one error shape for REST and to extension codes for GraphQL.
 */
export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
}

export interface FieldProblem {
  field: string;
  message: string;
}

export class ValidationFailedError extends AppError {
  readonly status = 400;
  readonly code = 'BAD_USER_INPUT';
  constructor(readonly details: FieldProblem[]) {
    super(details.map((d) => (d.field ? `${d.field}: ${d.message}` : d.message)).join('; '));
  }
  static field(field: string, message: string): ValidationFailedError {
    return new ValidationFailedError([{ field, message }]);
  }
}

export class UnauthenticatedError extends AppError {
  readonly status = 401;
  readonly code = 'UNAUTHENTICATED';
  constructor(message = 'Authentication required') {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
}

/**
 * What a refused claim on something scarce (a time, a seat, a stock item) adds to its 409: what was
 * taken, and what is free instead. The kit knows no service: each service types the items.
 */
export interface ConflictParts {
  taken?: unknown[];
  alternatives?: unknown[];
}

/**
 * A 409. `details` carries what the caller needs to show the conflict (the current record after a
 * stale `version`, the existing record on a duplicate); `field` names the input it is about;
 * `parts` the taken items and the alternatives of a refused claim (body `{error, taken?, alternatives?}`).
 */
export class ConflictError extends AppError {
  readonly status = 409;
  readonly code = 'CONFLICT';
  constructor(
    message: string,
    readonly details?: unknown,
    readonly field: string | null = null,
    readonly parts: ConflictParts = {},
  ) {
    super(message);
  }
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly code = 'TOO_MANY_REQUESTS';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
