import { Inject, Injectable } from '@nestjs/common';
import {
  createClientInputSchema,
  dateOrInstantSchema,
  lineSchema,
  TEXT_LIMITS,
  updateClientInputSchema,
  type Client,
  type ConsentInput,
  type CreateClientInput,
  type DuplicateClient,
  type EventType,
  type PermissionSubject,
} from '@salon/contracts';
import {
  APP_CONFIG,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OutboxWriter,
  parseInput,
  PermissionResolver,
  ReferenceCheck,
  ValidationFailedError,
  type AuthContext,
  type References,
  type DomainEventInput,
} from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { actorUuid, isUuid } from '@salon/contracts';
import type { ClientsConfig } from '../../../config.js';
import {
  anonymisedState,
  changedFields,
  consentColumns,
  consentOf,
  consentProblem,
  decideConsent,
  duplicateReasons,
  fullName,
  profileChanges,
  type ClientState,
  type ConsentChannel,
} from '../domain/client-rules.js';
import { clientEvent, consentChangedEvent } from '../domain/client-events.js';
import { toClientView } from '../domain/client-view.js';
import { pageSizeRefusal } from '../domain/read-volume.js';
import { CLIENT_SORTS, parseSearch } from '../domain/search-query.js';
import type { ClientEntity } from '../persistence/client.entity.js';
import { ClientRepository } from '../persistence/client.repository.js';

/** A day (midnight UTC) or an instant; 2026-02-30 "is not a real date" (JavaScript's Date would read it as March 2nd). */
const dateOrDateTime = dateOrInstantSchema().transform((s) => new Date(s.length === 10 ? `${s}T00:00:00Z` : s));

export const listClientsSchema = z
  .object({
    search: lineSchema(TEXT_LIMITS.search).nullish(),
    limit: z.coerce.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(20),
    offset: z.coerce.number().int().min(0, 'must not be negative').max(1_000_000).default(0),
    /** Keyset paging in id order (the nil id for the first page); `total` still counts every match. */
    after: z.uuid('must be a client id').nullish(),
    tag: lineSchema(50).nullish(),
    locationId: z.preprocess((v) => (v === '' ? null : v), z.uuid('must be an id').nullish()),
    lastVisitBefore: dateOrDateTime.nullish(),
    lastVisitAfter: dateOrDateTime.nullish(),
    sort: z.enum(CLIENT_SORTS, { error: `must be one of ${CLIENT_SORTS.join(', ')}` }).nullish(),
  })
  .strip();

const deleteModeSchema = z
  .object({ mode: z.enum(['delete', 'anonymise'], { error: 'must be delete or anonymise' }).default('delete') })
  .strip();

type ClientEvent = DomainEventInput<EventType>;

function contactLockKeys(contact: { phone?: string | null; email?: string | null }): string[] {
  const digits = contact.phone?.replace(/\D/g, '');
  const keys = [digits ? `clients:phone:${digits}` : null, contact.email ? `clients:email:${contact.email.toLowerCase()}` : null];
  return keys.filter((key): key is string => key !== null).sort();
}

@Injectable()
export class ClientsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientRepository,
    private readonly outbox: OutboxWriter,
    private readonly permissions: PermissionResolver,
    private readonly references: ReferenceCheck,
    @Inject(APP_CONFIG) private readonly config: ClientsConfig,
  ) {}

  /** The caller as the read-volume rules (domain/read-volume.ts) see them. */
  async readerOf(auth: AuthContext): Promise<PermissionSubject> {
    return { role: auth.role, permissions: auth.role === 'admin' ? [] : await this.permissions.permissionsOf(auth.userId) };
  }

  /**
   * GET /api/clients and `clients(...)`: a page of live clients and how many match. Pages over 50
   * need export_clients, on both paths (domain/read-volume.ts).
   */
  async list(auth: AuthContext, input: unknown, options: { duplicateCounts?: boolean } = {}): Promise<{ data: Client[]; total: number }> {
    const q = parseInput(listClientsSchema, input);
    const refusal = pageSizeRefusal(await this.readerOf(auth), q.limit);
    if (refusal) throw new ForbiddenError(refusal);
    const search = parseSearch(q.search, this.config.DEFAULT_PHONE_COUNTRY);
    const { ids, total } = await this.clients.search({
      search,
      tag: q.tag,
      locationId: q.locationId,
      lastVisitBefore: q.lastVisitBefore,
      lastVisitAfter: q.lastVisitAfter,
      sort: q.sort ?? (search ? 'relevance' : 'name'),
      limit: q.limit,
      offset: q.offset,
      after: q.after,
      countCap: this.config.SEARCH_COUNT_CAP,
    });
    const [rows, counts] = await Promise.all([
      this.clients.findByIds(ids),
      options.duplicateCounts === false ? Promise.resolve(new Map<string, number>()) : this.clients.duplicateCounts(ids),
    ]);
    return { data: rows.map((c) => toClientView(c, counts.get(c.id) ?? 0)), total };
  }

  async get(id: string): Promise<Client> {
    const client = await this.live(id);
    const counts = await this.clients.duplicateCounts([client.id]);
    return toClientView(client, counts.get(client.id) ?? 0);
  }

  /**
   * For federation references: any client that ever existed (deleted and merged ones too, so old
   * references resolve), in the order asked, null where unknown. One query for a gateway's whole
   * `_entities` batch.
   */
  async referencedClients(ids: readonly string[]): Promise<(Client | null)[]> {
    const found = await this.clients.findByIds([...new Set(ids.filter(isUuid))]);
    const byId = new Map(found.map((c) => [c.id, toClientView(c)]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  async possibleDuplicateCount(id: string): Promise<number> {
    return (await this.clients.duplicateCounts([id])).get(id) ?? 0;
  }

  async create(auth: AuthContext, input: unknown): Promise<Client> {
    const parsed = parseInput(createClientInputSchema, input);
    const { client } = await this.insertNew(auth, parsed);
    return toClientView(client);
  }

  /**
   * Creates a profile from a parsed create input. Without `allowDuplicate`, a live client with the
   * phone or e-mail is a 409; with it, that client is returned as `match` (the oldest one: a
   * profile of its own is more likely the person than a later duplicate). `id` is the id to use
   * (online booking chooses it, so a retried call lands on the same profile).
   */
  async insertNew(
    auth: AuthContext,
    parsed: CreateClientInput,
    options: { id?: string } = {},
  ): Promise<{ client: ClientEntity; match: ClientEntity | null }> {
    const { values, problems } = profileChanges(parsed, this.config.DEFAULT_PHONE_COUNTRY);
    if (problems.length) throw new ValidationFailedError(problems);
    await this.references.require(preferenceReferences(values));
    const actor = actorUuid(auth.userId);
    const now = new Date();
    const consent: Partial<ClientState> = {};
    for (const channel of ['sms', 'email'] as const) {
      const given = channel === 'sms' ? parsed.smsConsent : parsed.emailConsent;
      if (given === undefined) continue;
      const decision = decideConsent({ granted: false, at: null, method: null, by: null }, given, actor, now);
      if (!decision) continue;
      const problem = consentProblem(channel, decision.granted, channel === 'sms' ? (values.phone ?? null) : (values.email ?? null));
      if (problem) throw new ValidationFailedError([problem]);
      Object.assign(consent, consentColumns(channel, decision));
    }
    return this.dataSource.transaction(async (manager) => {
      // Serialise creates sharing a phone or an e-mail so two desks cannot both add the same person.
      // Each contact given is locked: with only one of them, two creates with one e-mail and
      // different phones would hold different locks and both pass the check below. The keys are
      // the values that check compares (phone digits, e-mail without case), taken in sorted order
      // so two creates wanting the same two locks cannot deadlock.
      if (!parsed.allowDuplicate)
        for (const key of contactLockKeys(values)) await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [key]);
      const existing = await this.clients.findLiveByContact(values.phone ?? null, values.email ?? null, manager);
      if (existing && !parsed.allowDuplicate) {
        const label = existing.field === 'phone' ? `phone ${existing.client.phone}` : `e-mail ${existing.client.email}`;
        throw new ConflictError(`${fullName(existing.client)} already has the ${label}`, toClientView(existing.client), existing.field);
      }
      const client = await this.clients.insert(
        { ...(options.id ? { id: options.id } : {}), ...values, ...consent, createdBy: actor, updatedBy: actor },
        manager,
      );
      const events: ClientEvent[] = [
        this.event(auth, client, 'clients.client.created.v1', {
          clientId: client.id,
          firstName: client.firstName,
          lastName: client.lastName,
          source: client.source,
        }),
      ];
      for (const channel of ['sms', 'email'] as const) {
        if (consentOf(client, channel).at) events.push(this.consentEvent(auth, client, channel));
      }
      await this.outbox.appendAll(manager, events);
      return { client, match: existing?.client ?? null };
    });
  }

  /**
   * A signed-in client's first online booking: the live client with their account's phone or
   * e-mail, else a new one. An existing profile is neither shown nor changed, so the answer is only
   * the id and whether it was created. Visitors who are not signed in never come here: their
   * bookings get a profile of their own (OnlineVisitorsUseCase).
   */
  async findOrCreate(auth: AuthContext, input: unknown): Promise<{ clientId: string; created: boolean }> {
    const parsed = parseInput(createClientInputSchema, input);
    if (!parsed.phone && !parsed.email) throw ValidationFailedError.field('phone', 'a phone number or an e-mail address is required');
    try {
      const created = await this.create(auth, { ...parsed, allowDuplicate: false });
      return { clientId: created.id, created: true };
    } catch (error) {
      const existing = error instanceof ConflictError ? (error.details as Client | undefined) : undefined;
      if (existing?.id) return { clientId: existing.id, created: false };
      throw error;
    }
  }

  /** PATCH: optimistic concurrency on `version`; consent changes are recorded and published on their own. */
  async update(auth: AuthContext, id: string, input: unknown): Promise<Client> {
    const parsed = parseInput(updateClientInputSchema, input);
    const { values, problems } = profileChanges(parsed, this.config.DEFAULT_PHONE_COUNTRY);
    if (problems.length) throw new ValidationFailedError(problems);
    // Only a preference that changes is checked: a profile whose stylist has since left can still be edited.
    const before = isUuid(id) ? await this.clients.findById(id) : null;
    await this.references.require(preferenceReferences(values, before));
    const actor = actorUuid(auth.userId);
    const updated = await this.dataSource.transaction(async (manager) => {
      const [current] = await this.clients.lock([this.checkId(id)], manager);
      if (!current || !isLive(current)) throw notFound(id);
      if (current.version !== parsed.version) {
        throw new ConflictError(
          `${fullName(current)} was changed by someone else (version ${current.version}, yours ${parsed.version}); review the current profile and try again`,
          toClientView(current),
          'version',
        );
      }
      const changed = changedFields(current, values);
      const change: Partial<ClientState> = {};
      for (const key of changed) (change as Record<string, unknown>)[key] = values[key as keyof ClientState];
      const next = { ...current, ...change };
      const consentChanged: ConsentChannel[] = [];
      const now = new Date();
      for (const channel of ['sms', 'email'] as const) {
        const given: ConsentInput | undefined = channel === 'sms' ? parsed.smsConsent : parsed.emailConsent;
        if (given === undefined) continue;
        const decision = decideConsent(consentOf(current, channel), given, actor, now);
        if (!decision) continue;
        const problem = consentProblem(channel, decision.granted, channel === 'sms' ? next.phone : next.email);
        if (problem) throw new ValidationFailedError([problem]);
        Object.assign(change, consentColumns(channel, decision));
        consentChanged.push(channel);
      }
      // Removing the contact withdraws the consent that depended on it.
      if (current.smsConsent && !next.phone && !consentChanged.includes('sms')) {
        Object.assign(change, consentColumns('sms', { granted: false, at: now, method: 'staff', by: actor }));
        consentChanged.push('sms');
      }
      if (current.emailConsent && !next.email && !consentChanged.includes('email')) {
        Object.assign(change, consentColumns('email', { granted: false, at: now, method: 'staff', by: actor }));
        consentChanged.push('email');
      }
      if (changed.length === 0 && consentChanged.length === 0) return current;
      await this.clients.update(current.id, { ...change, updatedBy: actor }, manager);
      const saved = (await this.clients.findById(current.id, manager))!;
      const allChanged = [...changed, ...consentChanged.map((c) => `${c}Consent`)];
      await this.outbox.appendAll(manager, [
        this.event(auth, saved, 'clients.client.updated.v1', { clientId: saved.id, changed: allChanged }),
        ...consentChanged.map((channel) => this.consentEvent(auth, saved, channel)),
      ]);
      return saved;
    });
    return this.get(updated.id);
  }

  /** DELETE ?mode=delete hides the client (id kept for sales and appointments); anonymise also erases personal data and notes. */
  async remove(auth: AuthContext, id: string, input: unknown): Promise<void> {
    const { mode } = parseInput(deleteModeSchema, input);
    const actor = actorUuid(auth.userId);
    await this.dataSource.transaction(async (manager) => {
      const [current] = await this.clients.lock([this.checkId(id)], manager);
      if (!current || !isLive(current)) throw notFound(id);
      const events: ClientEvent[] = [];
      if (mode === 'anonymise') {
        await this.clients.update(
          current.id,
          { ...anonymisedState(), anonymisedAt: new Date(), deletedAt: new Date(), updatedBy: actor },
          manager,
        );
        await manager.query(
          `UPDATE client_notes SET body = NULL, "values" = NULL, author_name = NULL, deleted_at = coalesce(deleted_at, now()), updated_at = now(), version = version + 1 WHERE client_id = $1`,
          [current.id],
        );
        const saved = (await this.clients.findById(current.id, manager))!;
        for (const channel of ['sms', 'email'] as const)
          if (consentOf(current, channel).granted) events.push(this.consentEvent(auth, saved, channel));
      } else {
        await this.clients.update(current.id, { deletedAt: new Date(), updatedBy: actor }, manager);
      }
      events.push(this.event(auth, current, 'clients.client.deleted.v1', { clientId: current.id, mode }));
      await this.outbox.appendAll(manager, events);
    });
  }

  async duplicates(id: string): Promise<DuplicateClient[]> {
    const client = await this.live(id);
    const candidates = await this.clients.duplicateCandidates(client);
    const withReasons = candidates.map((c) => ({ id: c.id, reasons: duplicateReasons(client, c) })).filter((c) => c.reasons.length > 0);
    const rows = await this.clients.findByIds(withReasons.map((c) => c.id));
    const counts = await this.clients.duplicateCounts(rows.map((r) => r.id));
    const reasons = new Map(withReasons.map((c) => [c.id, c.reasons]));
    return rows.map((r) => ({ ...toClientView(r, counts.get(r.id) ?? 0), reasons: reasons.get(r.id) ?? [] }));
  }

  /** The live client with this id, or 404. */
  async live(id: string, manager?: EntityManager): Promise<ClientEntity> {
    const client = isUuid(id) ? await this.clients.findById(id, manager) : null;
    if (!client || !isLive(client)) throw notFound(id);
    return client;
  }

  private checkId(id: string): string {
    if (!isUuid(id)) throw notFound(id);
    return id;
  }

  event<T extends EventType>(
    auth: AuthContext | null,
    client: ClientEntity,
    type: T,
    payload: DomainEventInput<T>['payload'],
  ): DomainEventInput<T> {
    return clientEvent(auth, client, type, payload);
  }

  consentEvent(
    auth: AuthContext | null,
    client: ClientEntity,
    channel: ConsentChannel,
  ): DomainEventInput<'clients.client.consent-changed.v1'> {
    return consentChangedEvent(auth, client, channel);
  }
}

/** A profile's preferred location and stylist belong to identity: the ones a create or an edit sets are checked there. */
function preferenceReferences(
  values: Partial<Pick<ClientState, 'preferredLocationId' | 'preferredStaffId'>>,
  before?: Pick<ClientState, 'preferredLocationId' | 'preferredStaffId'> | null,
): References {
  const set = (key: 'preferredLocationId' | 'preferredStaffId') => {
    const id = values[key];
    return id && id !== before?.[key] ? [{ field: key, id }] : [];
  };
  return { locations: set('preferredLocationId'), staff: set('preferredStaffId') };
}

export function isLive(c: { deletedAt: Date | null; mergedInto: string | null }): boolean {
  return !c.deletedAt && !c.mergedInto;
}

export function notFound(id: string): NotFoundError {
  return new NotFoundError(`Client ${id} not found`);
}
