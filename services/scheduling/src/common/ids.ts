export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Ids in our uuid columns: a token's subject that is not a uuid is recorded as unknown. */
export function actorUuid(userId: string | null | undefined): string | null {
  return isUuid(userId) ? userId : null;
}

/** Who an event says acted: a client (a signed-in client, or the online visitor, who has no id) or a staff user. */
export function actorOf(auth: { userId: string; role: string }): { type: 'user' | 'client'; id: string | null } {
  return { type: auth.role === 'client' ? 'client' : 'user', id: isUuid(auth.userId) ? auth.userId : null };
}
