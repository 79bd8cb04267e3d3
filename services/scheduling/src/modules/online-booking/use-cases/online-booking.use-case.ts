import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { onlineBookingInputSchema, type BookingConfirmation, type PublicService, type PublicStaff } from '@salon/contracts';
import {
  APP_CONFIG,
  ConflictError,
  NotFoundError,
  parseInput,
  REDIS,
  TooManyRequestsError,
  UserDirectory,
  ValidationFailedError,
  type AuthContext,
} from '@salon/nest-kit';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { lineSchema } from '@salon/contracts';
import type { SchedulingConfig } from '../../../config.js';
import { AppointmentsUseCase, type BookingSteps } from '../../appointments/use-cases/appointments.use-case.js';
import { AppointmentDepositsUseCase } from '../../deposits/use-cases/appointment-deposits.use-case.js';
import { MemberWindowsUseCase } from '../../member-windows/use-cases/member-windows.use-case.js';
import type { AppointmentView } from '../../appointments/persistence/appointment.repository.js';
import { visitParts } from '../../appointments/use-cases/booking-input.dto.js';
import { VisitAvailabilityUseCase } from '../../availability/use-cases/visit-availability.use-case.js';
import { CalendarRepository } from '../../availability/persistence/calendar.repository.js';
import { CatalogueRepository, type ServiceView } from '../../catalogue/persistence/catalogue.repository.js';
import { SchedulesUseCase } from '../../schedules/use-cases/schedules.use-case.js';
import { isServiceOffered, offeredStaff, type BookingDesign } from '../domain/booking-design.js';
import { OnlineBookingRepository } from '../persistence/online-booking.repository.js';
import { PlatformLookup } from '../persistence/platform-lookup.provider.js';
import { VisitorProfilesUseCase } from './visitor-profiles.use-case.js';

const locationQuery = z.object({ locationId: z.uuid() });

export type { PublicService };
export type Confirmation = BookingConfirmation;

/** Who books when nobody is signed in: recorded as the online visitor, not as a staff member. */
const VISITOR: AuthContext = { userId: 'online-booking', role: 'client', tokenId: 'online-booking', issuedAt: 0, expiresAt: 0 };

/**
 * The public booking page: what the business offers online, its free times, and the booking
 * itself. Every booking goes through AppointmentsUseCase.book with source "online", so the same
 * engine (strict: notice, advance, slot grid) and the same exclusion constraint decide.
 */
@Injectable()
export class OnlineBookingUseCase {
  private readonly perIp: RateLimiterRedis;

  constructor(
    private readonly repo: OnlineBookingRepository,
    private readonly lookup: PlatformLookup,
    private readonly catalogue: CatalogueRepository,
    private readonly calendar: CalendarRepository,
    private readonly visits: VisitAvailabilityUseCase,
    private readonly appointments: AppointmentsUseCase,
    private readonly schedules: SchedulesUseCase,
    private readonly directory: UserDirectory,
    private readonly visitorProfiles: VisitorProfilesUseCase,
    private readonly deposits: AppointmentDepositsUseCase,
    private readonly members: MemberWindowsUseCase,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: SchedulingConfig,
  ) {
    this.perIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_KEY_PREFIX}online-booking:ip`,
      points: config.ONLINE_BOOKINGS_PER_IP_PER_HOUR,
      duration: 3600,
    });
  }

  /** The page's first call: business name, look, and where one can book. */
  async info() {
    const [business, design] = await Promise.all([this.lookup.business(), this.repo.design()]);
    const { offeredServiceIds: _s, offeredStaffIds: _t, version: _v, updatedAt: _u, ...look } = design;
    // A location requiring a card online says so (and its fees) before anyone books there.
    const locations = await Promise.all(
      business.locations.map(async (l) => ({ ...l, cardPolicy: await this.deposits.cardPolicyOf(l.id) })),
    );
    return { businessName: business.businessName, design: look, locations };
  }

  async services(query: unknown): Promise<PublicService[]> {
    const { locationId } = parseInput(locationQuery, query);
    await this.knownLocation(locationId);
    const [design, services, working] = await Promise.all([
      this.repo.design(),
      this.catalogue.listServices({ locationId, onlineOnly: true }),
      this.calendar.staffAt(locationId),
    ]);
    const offered = services.filter((s) => isServiceOffered(s, design));
    return Promise.all(
      offered.map(async (s) => {
        const staffIds = this.staffFor(s, working, design);
        const names = await Promise.all(staffIds.map(async (id) => ({ id, name: (await this.directory.nameOf(id)) ?? 'Staff member' })));
        const prices = [
          s.priceMinor,
          ...s.staff.filter((o) => staffIds.includes(o.staffId) && o.priceMinor !== null).map((o) => o.priceMinor!),
        ];
        return {
          id: s.id,
          name: s.name,
          category: s.category,
          description: s.description,
          durationMin: s.durationMin,
          priceMinor: Math.min(...prices),
          maxPriceMinor: Math.max(...prices),
          currency: s.currency,
          staff: names.sort((a, b) => a.name.localeCompare(b.name)),
          deposit: s.deposit,
        };
      }),
    ).then((list) => list.filter((s) => s.staff.length > 0));
  }

  /**
   * Everyone a visitor may choose at the location (for any service offered online), with their
   * bio and photo. One person identity cannot answer for still appears, by name only.
   */
  async staff(query: unknown): Promise<PublicStaff[]> {
    const { locationId } = parseInput(locationQuery, query);
    await this.knownLocation(locationId);
    const [design, services, working] = await Promise.all([
      this.repo.design(),
      this.catalogue.listServices({ locationId, onlineOnly: true }),
      this.calendar.staffAt(locationId),
    ]);
    const ids = new Set(services.filter((s) => isServiceOffered(s, design)).flatMap((s) => this.staffFor(s, working, design)));
    const people = await Promise.all(
      [...ids].map(async (id): Promise<PublicStaff> => {
        const intro = await this.lookup.staffIntroduction(id).catch(() => null);
        const name = intro?.name ?? (await this.directory.nameOf(id)) ?? 'Staff member';
        return { id, name, bio: intro?.bio ?? null, profilePicture: intro?.profilePicture ?? null };
      }),
    );
    return people.sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Free times for the page: the open API's answer, narrowed to the people offered online. A
   * signed-in member sees further ahead: the location's window plus their plan's priority days
   * (scheduling's own projection of retail's membership events).
   */
  async slots(query: unknown, now = new Date(), auth: AuthContext | null = null) {
    const q = parseInput(
      z
        .object({
          locationId: z.uuid(),
          serviceId: z.uuid().optional(),
          serviceIds: lineSchema(400).optional(),
          staffId: z.uuid().optional(),
        })
        .passthrough(),
      query,
    );
    const ids = q.serviceIds
      ? q.serviceIds
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : q.serviceId
        ? [q.serviceId]
        : [];
    if (ids.length === 0) throw ValidationFailedError.field('serviceId', 'is required (or serviceIds, for a visit of several)');
    // Every service must be offered online, and so must the chosen person; "anyone" means anyone the design offers.
    const offers = await this.offered(q.locationId, ids);
    if (q.staffId && offers.some((o) => !o.staffIds.includes(q.staffId!))) {
      throw ValidationFailedError.field(
        'staffId',
        ids.length > 1 ? 'does not perform every chosen service online' : 'is not offered for this service online',
      );
    }
    const clientId = auth?.role === 'client' ? await this.repo.clientOf(auth.userId) : null;
    const extra = await this.members.extraDays(clientId, now);
    return this.visits.slots({ ...(query as object), serviceIds: ids.join(',') }, now, offers[0].design.offeredStaffIds, extra);
  }

  /**
   * Books for a visitor (details in `client`) or a signed-in client (their own profile). An
   * Idempotency-Key makes a retried request (a double tap, a flaky phone network) answer the first
   * booking instead of making a second one.
   */
  async book(auth: AuthContext | null, input: unknown, ip: string, idempotencyKey?: string, now = new Date()): Promise<Confirmation> {
    const b = parseInput(onlineBookingInputSchema, input);
    return this.once('', idempotencyKey, () => this.bookOnce(auth, b, ip, now, null));
  }

  /**
   * Books for a client another service identified (messaging's AI assistant by the texting phone),
   * on that client's own profile: the same online rules and engine as the page, but no visitor
   * profile and no per-IP limit (the caller is a service of the house, checked by the caller's use-case).
   */
  async bookForClient(
    auth: AuthContext,
    clientId: string,
    input: unknown,
    idempotencyKey?: string,
    now = new Date(),
  ): Promise<Confirmation> {
    const b = parseInput(onlineBookingInputSchema, input);
    if (b.client) throw ValidationFailedError.field('client', 'must not be given: the booking is for the client in the path');
    return this.once(`client:${clientId}:`, idempotencyKey, () => this.bookOnce(auth, b, null, now, clientId));
  }

  /** A retried request with the same Idempotency-Key answers the first booking instead of making a second one. */
  private async once(scope: string, idempotencyKey: string | undefined, make: () => Promise<Confirmation>): Promise<Confirmation> {
    if (idempotencyKey !== undefined && !/^[A-Za-z0-9_-]{8,100}$/.test(idempotencyKey)) {
      throw ValidationFailedError.field('Idempotency-Key', 'must be 8 to 100 letters, digits, - or _');
    }
    const key = idempotencyKey ? `${this.config.REDIS_KEY_PREFIX}online-booking:idem:${scope}${idempotencyKey}` : null;
    if (key) {
      const claimed = await this.redis.set(key, 'pending', 'EX', 120, 'NX');
      if (!claimed) {
        const stored = await this.redis.get(key);
        if (stored && stored !== 'pending') return JSON.parse(stored) as Confirmation;
        throw new ConflictError('This booking is already being made; please wait a moment');
      }
    }
    try {
      const confirmation = await make();
      if (key) await this.redis.set(key, JSON.stringify(confirmation), 'EX', 86_400);
      return confirmation;
    } catch (error) {
      if (key) await this.redis.del(key);
      throw error;
    }
  }

  private async bookOnce(
    auth: AuthContext | null,
    b: z.output<typeof onlineBookingInputSchema>,
    ip: string | null,
    now: Date,
    forClient: string | null,
  ): Promise<Confirmation> {
    const asClient = !forClient && auth?.role === 'client' ? auth : null;
    if (!forClient && !asClient && !b.client)
      throw ValidationFailedError.field('client', 'is required: first name and a phone number or e-mail address');
    // A service booking for a known client is not a visitor's network: no per-IP limit.
    if (ip !== null) await this.admit(ip);
    const parts = visitParts(b);
    const offers = await this.offered(
      b.locationId,
      parts.map((p) => p.serviceId),
    );
    const design = offers[0].design;
    parts.forEach((p, i) => {
      if (p.staffId && !offers[i].staffIds.includes(p.staffId))
        throw ValidationFailedError.field(b.services ? `services.${i}.staffId` : 'staffId', 'is not offered for this service online');
    });
    if (parts.some((p) => !p.staffId) && !design.allowAnyStaff)
      throw ValidationFailedError.field('staffId', 'is required: choose who you would like to see');
    const chosen = await this.anyOffered(
      b.locationId,
      parts,
      offers.map((o) => o.service),
      new Date(b.startsAt),
      design.offeredStaffIds,
      now,
    );
    const what = chosen.length === 1 ? { serviceId: chosen[0].serviceId, staffId: chosen[0].staffId } : { services: chosen };
    const booking = { locationId: b.locationId, ...what, startsAt: b.startsAt, notes: b.notes ?? null, source: 'online' as const };
    let appointment: AppointmentView;
    // A visit whose services ask for a deposit (or whose location requires a card online) is held, not booked, until
    // retail takes it (AppointmentDepositsUseCase).
    const held: { deposit: Confirmation['deposit'] } = { deposit: null };
    // The forms the booking asks (documents' form requests) are found by this key alone: 256 random
    // bits in the answer, their SHA-256 in the booked event (never the key itself).
    const formsKey = randomBytes(32).toString('base64url');
    const holdBookedEvent: BookingSteps['holdBookedEvent'] = async (m, id, event, snapshot) => {
      event.payload.formsKeySha256 = createHash('sha256').update(formsKey).digest('hex');
      // A card is asked of the page's visitors and clients; a booking another service makes for a known client (the
      // texting assistant) has nobody at a card form, so only a deposit holds it.
      held.deposit = await this.deposits.holdInBooking(m, id, event, snapshot, now, !forClient);
      return held.deposit !== null;
    };
    if (forClient) {
      appointment = await this.appointments.bookVouched(auth!, { ...booking, clientId: forClient }, now, { holdBookedEvent });
    } else if (asClient) {
      const clientId = await this.clientOfUser(asClient.userId, booking, now);
      appointment = await this.appointments.bookVouched(asClient, { ...booking, clientId }, now, {
        holdBookedEvent,
        // A member may book as far ahead as the times they were shown.
        extraAdvanceDays: await this.members.extraDays(clientId, now),
      });
    } else {
      // A profile of the visitor's own, made only once the time is held (VisitorProfilesUseCase):
      // never a client found by the phone or e-mail typed, and the same answer either way.
      const saga = this.visitorProfiles.begin(b.client!, now);
      try {
        appointment = await this.appointments.bookVouched(VISITOR, { ...booking, clientId: saga.clientId }, now, {
          ...saga.steps,
          holdBookedEvent,
        });
      } catch (error) {
        await saga.undo();
        throw error;
      }
    }
    // `deposit` only when one is due: the answer's shape otherwise stays what it was (the same for every visitor).
    return {
      appointment: await this.summary(appointment),
      policies: design.policies,
      ...(held.deposit ? { deposit: held.deposit } : {}),
      formsKey,
    };
  }

  async summary(a: AppointmentView): Promise<Confirmation['appointment']> {
    return {
      id: a.id,
      status: a.status,
      serviceId: a.serviceId,
      staffId: a.staffId,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
      serviceName: a.serviceName,
      staffName: (await this.directory.nameOf(a.staffId)) ?? 'Staff member',
      priceMinor: a.priceMinor,
      currency: a.currency,
      locationId: a.locationId,
    };
  }

  /**
   * The profile a client-role login books as: linked once, found or created from their account's
   * contact details. The first time, the visit is checked first, so a refused booking makes no profile.
   */
  async clientOfUser(userId: string, visit?: Record<string, unknown>, now = new Date()): Promise<string> {
    const linked = await this.repo.clientOf(userId);
    if (linked) return linked;
    if (visit) await this.appointments.refuseUnlessBookable(visit, now);
    const contact = await this.lookup.userContact(userId);
    const found = await this.lookup.findOrCreateClient(contact);
    return this.repo.linkClient(userId, found.clientId);
  }

  /**
   * "Anyone" with a narrowed team: the engine's fair pick among the offered people at that time,
   * for each part left open. Without a narrowed team the booking path picks among everyone.
   */
  private async anyOffered(
    locationId: string,
    parts: { serviceId: string; staffId: string | null }[],
    services: ServiceView[],
    start: Date,
    onlyStaff: string[] | null,
    now: Date,
  ): Promise<{ serviceId: string; staffId: string | null }[]> {
    if (!onlyStaff || parts.every((p) => p.staffId)) return parts;
    const { slots } = await this.visits.find(
      { services, staffIds: parts.map((p) => p.staffId), locationId, now, relax: false, onlyStaff },
      start,
      new Date(start.getTime() + 60_000),
    );
    const slot = slots.find((s) => s.start.getTime() === start.getTime());
    // Nobody offered is free then: keep the first offered person so the booking is refused with the engine's reason.
    return parts.map((p, i) => ({ serviceId: p.serviceId, staffId: p.staffId ?? slot?.segments[i]?.staffId ?? onlyStaff[0] ?? null }));
  }

  /** Each service as offered online at the location, with who may be chosen for it (the design and the staff read once). */
  private async offered(
    locationId: string,
    serviceIds: string[],
  ): Promise<{ service: ServiceView; staffIds: string[]; design: BookingDesign }[]> {
    const [design, working, services] = await Promise.all([
      this.repo.design(),
      this.calendar.staffAt(locationId),
      Promise.all(serviceIds.map((id) => this.catalogue.findService(id))),
    ]);
    return services.map((service, i) => {
      const missing = () => new NotFoundError(`Service ${serviceIds[i]} is not offered online at this location`);
      if (!service || service.locationId !== locationId || !isServiceOffered(service, design)) throw missing();
      const staffIds = this.staffFor(service, working, design);
      // Nobody offered performs it: not bookable online (the menu leaves it out too).
      if (staffIds.length === 0) throw missing();
      return { service, staffIds, design };
    });
  }

  private staffFor(service: ServiceView, working: string[], design: BookingDesign): string[] {
    const performers = service.staff.length ? service.staff.map((s) => s.staffId).filter((id) => working.includes(id)) : working;
    return offeredStaff(performers, design);
  }

  private async knownLocation(locationId: string): Promise<void> {
    const { locations } = await this.lookup.business();
    if (!locations.some((l) => l.id === locationId)) throw new NotFoundError(`Location ${locationId} does not take online bookings`);
  }

  private async admit(ip: string): Promise<void> {
    try {
      await this.perIp.consume(ip);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new TooManyRequestsError(
        'Too many online bookings from this network; please call the salon',
        Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      );
    }
  }

  /** Used by the clients' own pages: the location's late-cancel window. */
  lateCancelHours(locationId: string): Promise<number> {
    return this.schedules.policy(locationId).then((p) => p.lateCancelHours);
  }
}
