/**
 * The rows of a `RETURNING` query through TypeORM's `DataSource.query` on PostgreSQL: an INSERT
 * answers the rows, but an UPDATE or DELETE answers `[rows, affected count]`, so `rows.length > 0`
 * on it is always true (a stale version or a finished campaign looked saved).
 */
export function returnedRows<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
