import { graphqlRefusalOf } from '../../lib/api-client';

/**
 * The ticket an appointment is already on, from openTicket's refusal: retail answers CONFLICT
 * ("This appointment is already on ticket #…") with that ticket as `details`. Null for any other error.
 */
export function ticketOfConflict(error: unknown): string | null {
  const refusal = graphqlRefusalOf(error);
  if (refusal?.code !== 'CONFLICT') return null;
  const details = refusal.details as { id?: unknown } | null | undefined;
  return typeof details?.id === 'string' ? details.id : null;
}
