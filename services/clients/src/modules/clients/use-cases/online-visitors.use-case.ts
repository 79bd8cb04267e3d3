import { Injectable } from '@nestjs/common';
import {
  actorUuid,
  confirmOnlineVisitorInputSchema,
  isUuid,
  onlineVisitorProfileInputSchema,
  type Client,
  type OnlineVisitorAnswer,
} from '@salon/contracts';
import { ConflictError, ForbiddenError, parseInput, SERVICE_ACCOUNT_ID, type AuthContext } from '@salon/nest-kit';
import { isOnlineVisitorProfile, ONLINE_BOOKING_SOURCE } from '../domain/client-rules.js';
import type { ClientEntity } from '../persistence/client.entity.js';
import { ClientRepository } from '../persistence/client.repository.js';
import { ClientsUseCase, isLive, notFound } from './clients.use-case.js';
import { MergeClientsUseCase } from './merge-clients.use-case.js';

/**
 * The profiles of online bookings made by visitors who are not signed in, for scheduling's online
 * booking only (its service token). Scheduling asks for one while it holds the booked time inside
 * its transaction, undoes it when that transaction does not commit, and confirms it when the
 * visitor follows the link sent to the client their details match (docs/security-notes/booking-id.md).
 */
@Injectable()
export class OnlineVisitorsUseCase {
  constructor(
    private readonly clients: ClientRepository,
    private readonly clientsUseCase: ClientsUseCase,
    private readonly merge: MergeClientsUseCase,
  ) {}

  /**
   * A new profile with exactly what the visitor typed, under scheduling's id, whatever clients
   * already have that phone or e-mail (the duplicates rule then lists it beside them for the desk to
   * merge). The answer also names the oldest live client with that phone (else e-mail), which
   * scheduling never shows the visitor. A retried call with the same id answers the same.
   */
  async create(auth: AuthContext, input: unknown): Promise<OnlineVisitorAnswer> {
    requireService(auth);
    const p = parseInput(onlineVisitorProfileInputSchema, input);
    const already = await this.clients.findById(p.id);
    if (already) return this.answerFor(already);
    try {
      const { client, match } = await this.clientsUseCase.insertNew(
        auth,
        {
          firstName: p.firstName,
          lastName: p.lastName,
          phone: p.phone,
          email: p.email,
          source: ONLINE_BOOKING_SOURCE,
          ...(p.smsConsent ? { smsConsent: { granted: true, method: 'online-booking' } } : {}),
          ...(p.emailConsent ? { emailConsent: { granted: true, method: 'online-booking' } } : {}),
          allowDuplicate: true,
        },
        { id: p.id },
      );
      return { clientId: client.id, matchedClientId: match?.id ?? null };
    } catch (error) {
      // The same id sent twice at once: the second insert loses on the primary key and answers as a retry.
      const raced = (error as { code?: string }).code === '23505' ? await this.clients.findById(p.id) : null;
      if (raced) return this.answerFor(raced);
      throw error;
    }
  }

  /**
   * Undoes `create` for a booking that did not commit: the profile's personal data is erased and it
   * is deleted (as DELETE ?mode=anonymise does). Nothing there, or already gone: nothing to do.
   */
  async discard(auth: AuthContext, id: string): Promise<void> {
    requireService(auth);
    const client = isUuid(id) ? await this.clients.findById(id) : null;
    if (!client || !isLive(client)) return;
    if (!isOnlineVisitorProfile(client, ONLINE_BOOKING_ACTOR))
      throw new ConflictError('Only a profile made for an online booking can be discarded this way');
    await this.clientsUseCase.remove(auth, id, { mode: 'anonymise' });
  }

  /**
   * The visitor followed the link sent to `clientId`'s contact on file: the visitor's profile is
   * merged into that client (or into whoever that client was merged into since). Idempotent: a
   * second call after the merge answers the same client.
   */
  async confirm(auth: AuthContext, visitorId: string, input: unknown): Promise<Client> {
    requireService(auth);
    const { clientId } = parseInput(confirmOnlineVisitorInputSchema, input);
    const [visitor, client] = await Promise.all([
      isUuid(visitorId) ? this.clients.findById(visitorId) : null,
      this.clients.findById(clientId),
    ]);
    if (!visitor) throw notFound(visitorId);
    if (!client || client.deletedAt) throw notFound(clientId);
    const survivorId = client.mergedInto ?? client.id;
    if (visitor.mergedInto === survivorId) return this.clientsUseCase.get(survivorId);
    return this.merge.execute(auth, survivorId, { duplicateId: visitor.id });
  }

  private async answerFor(client: ClientEntity): Promise<OnlineVisitorAnswer> {
    if (!isOnlineVisitorProfile(client, ONLINE_BOOKING_ACTOR))
      throw new ConflictError(`Client ${client.id} exists and was not made for an online booking`);
    const match = await this.clients.findLiveByContact(client.phone, client.email, undefined, client.id);
    return { clientId: client.id, matchedClientId: match?.client.id ?? null };
  }
}

/** Online booking calls with the platform's service token: the author of every profile it makes. */
const ONLINE_BOOKING_ACTOR = actorUuid(SERVICE_ACCOUNT_ID);

/**
 * These routes make and merge profiles on a booking's say-so and name the client a phone belongs
 * to: the platform's service token (online booking) and admins (who pass every check) only, never
 * staff, whatever their permissions, so create_clients is not a way to test who is a client.
 */
function requireService(auth: AuthContext): void {
  if (auth.userId !== SERVICE_ACCOUNT_ID && auth.role !== 'admin')
    throw new ForbiddenError("Forbidden: only the platform's online booking may call this");
}
