import type { EventType } from '@salon/contracts';
import type { AuthContext, DomainEventInput } from '@salon/nest-kit';
import { consentOf, type ClientState, type ConsentChannel } from './client-rules.js';

/** A client's event as the outbox takes it; `auth` null is the system (a consumer, an import). */
export function clientEvent<T extends EventType>(
  auth: AuthContext | null,
  client: ClientState,
  type: T,
  payload: DomainEventInput<T>['payload'],
): DomainEventInput<T> {
  return {
    type,
    aggregateType: 'client',
    aggregateId: client.id,
    locationId: client.preferredLocationId,
    actor: auth ? { type: 'user', id: auth.userId } : { type: 'system', id: null },
    payload,
  };
}

/** `clients.client.consent-changed.v1` with the channel's consent as it now stands. */
export function consentChangedEvent(
  auth: AuthContext | null,
  client: ClientState,
  channel: ConsentChannel,
): DomainEventInput<'clients.client.consent-changed.v1'> {
  const decision = consentOf(client, channel);
  return clientEvent(auth, client, 'clients.client.consent-changed.v1', {
    clientId: client.id,
    channel,
    granted: decision.granted,
    method: decision.method,
    phone: client.phone,
    email: client.email,
  });
}
