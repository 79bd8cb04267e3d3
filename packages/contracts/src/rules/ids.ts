/**
 * Id checks every service applies before asking its database (a malformed id is "not found",
 * never a database error) and the web applies to its public routes. No zod here: the web's shell
 * bundle imports this file.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any RFC 4122 layout of 32 hex digits (PostgreSQL's uuid accepts every version). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Ids in our uuid columns: a token's subject that is not a uuid is recorded as unknown. */
export function actorUuid(userId: string | null | undefined): string | null {
  return isUuid(userId) ? userId : null;
}

/** Digits only (spec §5: a public form id). */
export function isDigitsId(value: unknown): value is string {
  return typeof value === 'string' && /^\d+$/.test(value);
}

/** Letters, digits, underscore and hyphen (spec §5: a public document id). */
export function isSlugId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value);
}
