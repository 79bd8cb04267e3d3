import { pino } from 'pino';
import { databaseErrorForLog, databaseErrorOf } from '../errors/database-errors.js';

/** Properties of a thrown value that hold what the caller or the database sent, never logged. */
const VALUE_CARRIERS = ['parameters', 'driverError', 'detail', 'where', 'raw'];

/**
 * A thrown value as the logs may show it. A database error (itself, or as the `cause` of another)
 * becomes its code, condition, query text and table/column/constraint names, without its message,
 * detail or parameters; any other error is pino's standard serialisation minus value carriers.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  // Plain objects are what this function answers (logged again through the logger's serializer): as they are.
  if (!(error instanceof Error)) return error;
  const db = databaseErrorOf(error);
  if (db) return databaseErrorForLog(error, db);
  const cause = (error as { cause?: unknown }).cause;
  const causeIsDatabase = databaseErrorOf(cause) !== null;
  // pino appends a cause's message and stack to the error's own; a database cause is logged on its own instead.
  const serialised = pino.stdSerializers.err(causeIsDatabase ? withoutCause(error) : error) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialised)) if (!VALUE_CARRIERS.includes(key)) out[key] = value;
  if (causeIsDatabase && depth < 5) out.cause = errorForLog(cause, depth + 1);
  return out;
}

function withoutCause(error: Error): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const key of Object.getOwnPropertyNames(error))
    if (key !== 'cause') Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(error, key)!);
  return copy;
}

/** The message of a failed job or event, as stored and logged: a database error by its code and condition only. */
export function safeErrorMessage(error: unknown): string {
  const db = databaseErrorOf(error);
  if (db) return (databaseErrorForLog(error, db).message as string) ?? 'database error';
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
