/**
 * PostgreSQL errors as the platform answers and logs them. A database error carries what the
 * caller sent: TypeORM's QueryFailedError holds the query's `parameters` (names, e-mails, phones),
 * and PostgreSQL's `message`, `detail` and `where` quote values ("Key (email)=(…) already exists",
 * `invalid input syntax for type uuid: "…"`). Only the SQLSTATE code, the query text and the
 * names of the table, column and constraint are ever logged or stored.
 */

/** SQLSTATE → condition name, for the codes a service meets (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const CONDITIONS: Record<string, string> = {
  '22001': 'string_data_right_truncation',
  '22003': 'numeric_value_out_of_range',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22009': 'invalid_time_zone_displacement_value',
  '22012': 'division_by_zero',
  '22021': 'character_not_in_repertoire',
  '22023': 'invalid_parameter_value',
  '22025': 'invalid_escape_sequence',
  '22P02': 'invalid_text_representation',
  '22P05': 'untranslatable_character',
  '23502': 'not_null_violation',
  '23503': 'foreign_key_violation',
  '23505': 'unique_violation',
  '23514': 'check_violation',
  '23P01': 'exclusion_violation',
  '40001': 'serialization_failure',
  '40P01': 'deadlock_detected',
  '42P01': 'undefined_table',
  '42703': 'undefined_column',
  '42601': 'syntax_error',
  '55P03': 'lock_not_available',
  '57014': 'query_canceled',
};

export interface DatabaseError {
  code: string;
  query?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The PostgreSQL error in a thrown value: itself (pg's DatabaseError, TypeORM's QueryFailedError) or its `driverError`. */
export function databaseErrorOf(error: unknown): (DatabaseError & object) | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as Record<string, unknown>;
  const fromDriver = e.driverError && typeof e.driverError === 'object' ? (e.driverError as Record<string, unknown>) : null;
  const code = typeof e.code === 'string' ? e.code : typeof fromDriver?.code === 'string' ? fromDriver.code : null;
  if (!code || !SQLSTATE.test(code)) return null;
  // A five-character code alone is not enough (Node's own codes are longer and lower case, but be sure):
  // PostgreSQL errors carry a severity, TypeORM's a query.
  if (!('severity' in e) && !('query' in e) && !fromDriver) return null;
  const field = (name: string) =>
    typeof e[name] === 'string' ? (e[name] as string) : typeof fromDriver?.[name] === 'string' ? (fromDriver[name] as string) : undefined;
  return {
    code,
    query: typeof e.query === 'string' ? e.query : undefined,
    table: field('table'),
    column: field('column'),
    constraint: field('constraint'),
    dataType: field('dataType'),
  };
}

export function conditionName(code: string): string | undefined {
  return CONDITIONS[code];
}

/** A one-line description without values, for logs and stored errors: `database error 22003 (numeric_value_out_of_range)`. */
export function describeDatabaseError(db: DatabaseError): string {
  const name = conditionName(db.code);
  return `database error ${db.code}${name ? ` (${name})` : ''}`;
}

/** What a database error may show in a log: no message, detail, where or parameters. */
export function databaseErrorForLog(error: unknown, db: DatabaseError): Record<string, unknown> {
  const type = (error as { constructor?: { name?: string } }).constructor?.name ?? 'DatabaseError';
  const stack = (error as { stack?: unknown }).stack;
  const out: Record<string, unknown> = { type, message: describeDatabaseError(db), code: db.code };
  const condition = conditionName(db.code);
  if (condition) out.condition = condition;
  for (const key of ['query', 'table', 'column', 'constraint', 'dataType'] as const) if (db[key] !== undefined) out[key] = db[key];
  // The stack's first line repeats the message (with the value); the frames alone say where.
  if (typeof stack === 'string')
    out.stack = [`${type}: ${describeDatabaseError(db)}`, ...stack.split('\n').filter((l) => /^\s+at /.test(l))].join('\n');
  return out;
}

/** The message of each data exception a caller's input causes, without the value. */
function dataExceptionMessage(code: string): string {
  switch (code) {
    case '22001':
      return 'a text is longer than allowed';
    case '22003':
      return 'a number is out of range';
    case '22007':
    case '22008':
    case '22009':
      return 'a date or time is out of range';
    case '22021':
    case '22P05':
      return 'a text contains a character that cannot be stored (such as NUL)';
    case '22P02':
      return 'a value has the wrong format';
    default:
      return 'a value is not valid';
  }
}

/**
 * The last line of defence behind the zod rules of packages/contracts: a value the database cannot
 * hold (class 22, data exception; a CHECK constraint) is the caller's input, so a 400, not a 500.
 * Division by zero (22012) is ours, not the caller's. The field is named when PostgreSQL names the column.
 */
export function databaseInputProblem(error: unknown): { field: string; message: string } | null {
  const db = databaseErrorOf(error);
  if (!db) return null;
  if (db.code === '23514') return { field: db.column ?? '', message: 'a value is not allowed' };
  if (!db.code.startsWith('22') || db.code === '22012') return null;
  return { field: db.column ?? '', message: dataExceptionMessage(db.code) };
}
