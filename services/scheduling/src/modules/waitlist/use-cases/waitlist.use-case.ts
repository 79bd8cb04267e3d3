import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope, PublicOfferView } from '@salon/contracts';
import {
  APP_CONFIG,
  ConflictError,
  NotFoundError,
  OutboxWriter,
  parseInput,
  ReferenceCheck,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import { sealSecret } from '@salon/tokens';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { dateSchema, textSchema } from '@salon/contracts';
import { actorUuid, isUuid } from '../../../common/ids.js';
import { BookingConflictError, isBookingRace } from '../../allocations/domain/booking-conflict.js';
import { AllocationsUseCase } from '../../allocations/use-cases/allocations.use-case.js';
import type { SchedulingConfig } from '../../../config.js';
import { AppointmentRepository, type AppointmentView } from '../../appointments/persistence/appointment.repository.js';
import { BookingWriter } from '../../appointments/use-cases/booking-writer.use-case.js';
import { VisitAvailabilityUseCase } from '../../availability/use-cases/visit-availability.use-case.js';
import { SchedulesUseCase } from '../../schedules/use-cases/schedules.use-case.js';
import { fifo, localDatesOf, offerExpiry, offerState, pickSlot, type WaitlistStatus } from '../domain/waitlist-rules.js';
import { WaitlistRepository, type EntryView, type OfferView } from '../persistence/waitlist.repository.js';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm');

const createSchema = z
  .object({
    locationId: z.uuid(),
    clientId: z.uuid(),
    serviceId: z.uuid(),
    staffId: z.uuid().nullish(),
    dateFrom: dateSchema(),
    dateTo: dateSchema(),
    windowStart: hhmm.nullish(),
    windowEnd: hhmm.nullish(),
    note: textSchema(1000).nullish(),
  })
  .strict();

const listSchema = z.object({
  locationId: z.uuid(),
  from: dateSchema(),
  to: dateSchema(),
  status: z.enum(['waiting', 'offered', 'booked', 'cancelled', 'active', 'all']).default('active'),
});

const STATUSES: Record<string, WaitlistStatus[]> = {
  active: ['waiting', 'offered'],
  all: ['waiting', 'offered', 'booked', 'cancelled'],
};

/** How many waiting entries one freed time is tried against (oldest first). */
const CANDIDATES = 25;

export interface FreedTime {
  locationId: string;
  start: Date;
  end: Date;
}

export type { PublicOfferView };

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The appointment waitlist: entries (what a client wants and when), and offers. When time frees
 * (cancel, reschedule away, no-show — see the consumer), the oldest waiting entry that the engine
 * finds a fitting slot for gets an offer that expires; accepting books through the same writer and
 * constraint as any booking; an expired, declined or lost offer passes the time to the next entry.
 */
@Injectable()
export class WaitlistUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly waitlist: WaitlistRepository,
    private readonly appointments: AppointmentRepository,
    private readonly visits: VisitAvailabilityUseCase,
    private readonly schedules: SchedulesUseCase,
    private readonly writer: BookingWriter,
    private readonly allocations: AllocationsUseCase,
    private readonly outbox: OutboxWriter,
    private readonly references: ReferenceCheck,
    @Inject(APP_CONFIG) private readonly config: SchedulingConfig,
  ) {}

  async create(auth: AuthContext, input: unknown): Promise<EntryView> {
    const e = parseInput(createSchema, input);
    if (e.dateFrom > e.dateTo) throw ValidationFailedError.field('dateTo', 'must not be before dateFrom');
    if ((e.windowStart == null) !== (e.windowEnd == null))
      throw ValidationFailedError.field(
        e.windowStart == null ? 'windowStart' : 'windowEnd',
        'give both ends of the time window, or neither',
      );
    if (e.windowStart && e.windowEnd && e.windowStart >= e.windowEnd)
      throw ValidationFailedError.field('windowEnd', 'must be after windowStart');
    await this.references.require({
      clients: [{ field: 'clientId', id: e.clientId }],
      staff: e.staffId ? [{ field: 'staffId', id: e.staffId }] : [],
    });
    const [service] = await this.visits.services([e.serviceId], e.locationId);
    if (e.staffId && service!.staff.length > 0 && !service!.staff.some((s) => s.staffId === e.staffId))
      throw ValidationFailedError.field('staffId', `does not perform ${service!.name}`);
    const id = await this.waitlist.insertEntry({
      locationId: e.locationId,
      clientId: e.clientId,
      serviceId: e.serviceId,
      staffId: e.staffId ?? null,
      dateFrom: e.dateFrom,
      dateTo: e.dateTo,
      windowStart: e.windowStart ?? null,
      windowEnd: e.windowEnd ?? null,
      note: e.note ?? null,
      createdBy: actorUuid(auth.userId),
    });
    return this.get(id);
  }

  async list(query: unknown): Promise<EntryView[]> {
    const q = parseInput(listSchema, query);
    if (q.from > q.to) throw ValidationFailedError.field('to', 'must not be before from');
    return this.waitlist.listEntries({
      locationId: q.locationId,
      from: q.from,
      to: q.to,
      statuses: STATUSES[q.status] ?? [q.status as WaitlistStatus],
    });
  }

  async get(id: string): Promise<EntryView> {
    const e = isUuid(id) ? await this.waitlist.findEntry(id) : null;
    if (!e) throw new NotFoundError(`Waitlist entry ${id} not found`);
    return e;
  }

  /** Staff take a client off the list; an open offer is withdrawn and its time passes on. */
  async cancel(id: string, now = new Date()): Promise<EntryView> {
    await this.get(id);
    await this.dataSource.transaction(async (m) => {
      const e = await this.waitlist.lockEntry(m, id);
      if (!e || e.status === 'booked' || e.status === 'cancelled')
        throw new ConflictError(`A ${e?.status} waitlist entry cannot be cancelled`);
      await this.waitlist.setEntryStatus(m, id, 'cancelled');
      if (e.offer?.status === 'open') {
        await this.waitlist.closeOffer(m, e.offer.id, 'withdrawn');
        await this.passOn(m, e.locationId, e.offer, now);
      }
    });
    return this.get(id);
  }

  /** An appointment gave its time back (cancelled or no-show): its whole place, at its location. */
  async appointmentFreed(m: EntityManager, appointmentId: string, now = new Date()): Promise<void> {
    const a = await this.appointments.find(appointmentId, m);
    if (!a) return;
    await this.offerFreedTime(m, { locationId: a.locationId, start: new Date(a.startsAt), end: new Date(a.endsAt) }, now);
  }

  /**
   * Offers a freed time to the first waiting entry (FIFO) that the engine finds a fitting free slot
   * for, in the caller's transaction. Returns the offer's id and its link token, or null.
   */
  async offerFreedTime(
    m: EntityManager,
    freed: FreedTime,
    now = new Date(),
    chainId: string = randomUUID(),
  ): Promise<{ offerId: string; token: string } | null> {
    const { timeZone } = await this.schedules.policy(freed.locationId);
    const days = localDatesOf(freed, timeZone);
    const entries = fifo(
      await this.waitlist.lockWaiting(m, { locationId: freed.locationId, from: days.from, to: days.to, chainId, limit: CANDIDATES }),
    );
    if (entries.length === 0) return null;
    const promised = await this.waitlist.openOffers(
      m,
      freed.locationId,
      new Date(freed.start.getTime() - 86_400_000),
      new Date(freed.end.getTime() + 86_400_000),
    );
    for (const entry of entries) {
      const services = await this.visits.services([entry.serviceId], freed.locationId).catch(() => null);
      if (!services) continue; // the service is no longer offered here; the entry stays for staff to see
      const { slots } = await this.visits.find(
        { services, staffIds: [entry.staffId], locationId: freed.locationId, now, relax: false },
        freed.start,
        freed.end,
      );
      const pick = pickSlot(
        entry,
        slots.map((s) => ({ start: s.start, end: s.end, staffId: s.segments[0]!.staffId })),
        promised,
        timeZone,
      );
      if (!pick) continue;
      const token = randomBytes(24).toString('base64url');
      const expiresAt = offerExpiry(now, this.config.WAITLIST_OFFER_HOURS);
      const offerId = await this.waitlist.insertOffer(m, {
        entryId: entry.id,
        chainId,
        windowStart: freed.start,
        windowEnd: freed.end,
        startsAt: pick.start,
        endsAt: pick.end,
        staffId: pick.staffId,
        tokenHash: hashToken(token),
        expiresAt,
      });
      await this.waitlist.setEntryStatus(m, entry.id, 'offered');
      await this.outbox.append(m, {
        type: 'scheduling.waitlist.offered.v1',
        aggregateType: 'waitlist-entry',
        aggregateId: entry.id,
        locationId: freed.locationId,
        actor: { type: 'system', id: null },
        payload: {
          offerId,
          entryId: entry.id,
          clientId: entry.clientId,
          serviceId: entry.serviceId,
          serviceName: entry.serviceName,
          staffId: pick.staffId,
          startsAt: pick.start.toISOString(),
          endsAt: pick.end.toISOString(),
          expiresAt: expiresAt.toISOString(),
          token: sealSecret(token, this.config.EVENT_SECRET_KEY),
        },
      });
      return { offerId, token };
    }
    return null;
  }

  /** Lapsed offers: expired, their entries back to waiting, their time passed to the next entry. */
  async expireDue(now = new Date()): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const due = await this.waitlist.lockDue(m, now, 50);
      for (const offer of due) await this.lapse(m, offer, 'expired', now);
      return due.length;
    });
  }

  /** Staff accept on the client's behalf (the entry's current offer). */
  async acceptForEntry(auth: AuthContext, entryId: string, now = new Date()): Promise<{ entry: EntryView; appointment: AppointmentView }> {
    const entry = await this.get(entryId);
    if (!entry.offer) throw new ConflictError('This client has not been offered a time yet');
    return this.accept(entry.offer.id, { type: 'user', id: auth.userId }, actorUuid(auth.userId), 'staff', now);
  }

  /** The client's link: the token is the only credential. */
  async acceptByToken(token: string, now = new Date()): Promise<{ entry: EntryView; appointment: AppointmentView }> {
    const offer = await this.offerByToken(token);
    const entry = await this.get(offer.entryId);
    return this.accept(offer.id, { type: 'client', id: entry.clientId }, null, 'online', now);
  }

  async declineByToken(token: string, now = new Date()): Promise<PublicOfferView> {
    const offer = await this.offerByToken(token);
    await this.dataSource.transaction(async (m) => {
      const locked = (await this.waitlist.findOffer({ id: offer.id }, m, true))!;
      const state = offerState(locked, now);
      if (!state.live) throw new ConflictError(state.message);
      await this.lapse(m, locked, 'declined', now);
    });
    return this.viewByToken(token);
  }

  async viewByToken(token: string): Promise<PublicOfferView> {
    const offer = await this.offerByToken(token);
    const entry = await this.get(offer.entryId);
    const [service] = await this.visits.services([entry.serviceId], entry.locationId);
    const cal = await this.visits.load([service!], entry.locationId, new Date(offer.startsAt), new Date(offer.endsAt));
    return {
      status: offer.status,
      serviceName: entry.serviceName,
      staffName: cal.staff.find((s) => s.staffId === offer.staffId)?.name ?? 'Your stylist',
      startsAt: offer.startsAt,
      endsAt: offer.endsAt,
      expiresAt: offer.expiresAt,
      timeZone: cal.policy.timeZone,
    };
  }

  private async offerByToken(token: string): Promise<OfferView> {
    const offer =
      typeof token === 'string' && token.length >= 16 && token.length <= 64
        ? await this.waitlist.findOffer({ tokenHash: hashToken(token) })
        : null;
    if (!offer) throw new NotFoundError('This offer link is not valid');
    return offer;
  }

  private async accept(
    offerId: string,
    actor: EventEnvelope['actor'],
    bookedBy: string | null,
    source: 'staff' | 'online',
    now: Date,
  ): Promise<{ entry: EntryView; appointment: AppointmentView }> {
    const offer = (await this.waitlist.findOffer({ id: offerId }))!;
    const state = offerState(offer, now);
    if (!state.live) {
      if (state.status === 'expired' && offer.status === 'open')
        await this.dataSource.transaction(async (m) => this.lapseIfOpen(m, offer.id, 'expired', now));
      throw new ConflictError(state.message);
    }
    const entry = await this.get(offer.entryId);
    const services = await this.visits.services([entry.serviceId], entry.locationId);
    // The offer's own time and staff; grid and notice were met when it was offered.
    const req = { services, staffIds: [offer.staffId], locationId: entry.locationId, now, relax: true, start: new Date(offer.startsAt) };
    const { check, cal } = await this.visits.check(req);
    if (!check.ok) {
      await this.dataSource.transaction(async (m) => this.lapseIfOpen(m, offer.id, 'lost', now));
      const alternatives = check.alternatives.slice(0, 5).map((s) => this.visits.view(s, cal));
      throw BookingConflictError.refused(req.start, check.reasons, alternatives, 'That time is no longer available');
    }
    try {
      const appointmentId = await this.dataSource.transaction(async (m) => {
        const locked = (await this.waitlist.findOffer({ id: offer.id }, m, true))!;
        const current = offerState(locked, now);
        if (!current.live) throw new ConflictError(current.message);
        const id = await this.writer.write(m, {
          locationId: entry.locationId,
          clientId: entry.clientId,
          slot: check.slot,
          cal,
          notes: entry.note,
          source,
          actor,
          bookedBy,
        });
        await this.waitlist.closeOffer(m, offer.id, 'accepted', id);
        await this.waitlist.setEntryStatus(m, entry.id, 'booked', id);
        return id;
      });
      return { entry: await this.get(entry.id), appointment: (await this.appointments.find(appointmentId))! };
    } catch (error) {
      if (!isBookingRace(error)) throw error;
      await this.dataSource.transaction(async (m) => this.lapseIfOpen(m, offer.id, 'lost', now));
      throw await this.allocations.conflict(
        error,
        () => this.visits.check(req),
        (s, c) => this.visits.view(s, c),
        req.start,
      );
    }
  }

  private async lapseIfOpen(m: EntityManager, offerId: string, status: 'expired' | 'lost', now: Date): Promise<void> {
    const offer = await this.waitlist.findOffer({ id: offerId }, m, true);
    if (offer?.status === 'open') await this.lapse(m, offer, status, now);
  }

  /** Closes an open offer; the entry waits again (for other times) and this time passes on. */
  private async lapse(m: EntityManager, offer: OfferView, status: 'expired' | 'declined' | 'lost', now: Date): Promise<void> {
    await this.waitlist.closeOffer(m, offer.id, status);
    const entry = (await this.waitlist.lockEntry(m, offer.entryId))!;
    if (entry.status === 'offered') await this.waitlist.setEntryStatus(m, entry.id, 'waiting');
    await this.passOn(m, entry.locationId, offer, now);
  }

  private passOn(m: EntityManager, locationId: string, offer: OfferView, now: Date) {
    return this.offerFreedTime(m, { locationId, start: new Date(offer.windowStart), end: new Date(offer.windowEnd) }, now, offer.chainId);
  }
}
