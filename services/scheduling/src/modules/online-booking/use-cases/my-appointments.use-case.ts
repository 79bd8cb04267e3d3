import { Injectable } from '@nestjs/common';
import type { MyAppointment } from '@salon/contracts';
import { ConflictError, ForbiddenError, NotFoundError, parseInput, SERVICE_ACCOUNT_ID, type AuthContext } from '@salon/nest-kit';
import { z } from 'zod';
import { instantSchema, textSchema } from '@salon/contracts';
import { isUuid } from '../../../common/ids.js';
import { BookingConflictError } from '../../allocations/domain/booking-conflict.js';
import { AppointmentRepository, type AppointmentView } from '../../appointments/persistence/appointment.repository.js';
import { AppointmentsUseCase } from '../../appointments/use-cases/appointments.use-case.js';
import { AvailabilityUseCase } from '../../availability/use-cases/availability.use-case.js';
import { CatalogueRepository } from '../../catalogue/persistence/catalogue.repository.js';
import { selfServiceChange } from '../domain/self-service.js';
import { OnlineBookingRepository } from '../persistence/online-booking.repository.js';
import { OnlineBookingUseCase } from './online-booking.use-case.js';

const cancelSchema = z.object({ reason: textSchema(500).nullish() }).strict();
const rescheduleSchema = z.object({ startsAt: instantSchema(), staffId: z.uuid().nullish() }).strict();

/**
 * A signed-in client's own upcoming appointments: see, cancel and move them until the location's
 * late-cancel window. Moves go through the engine with the online rules (notice, slot grid),
 * not the relaxed rules staff get on the calendar.
 */
@Injectable()
export class MyAppointmentsUseCase {
  constructor(
    private readonly repo: OnlineBookingRepository,
    private readonly appointmentsRepo: AppointmentRepository,
    private readonly appointments: AppointmentsUseCase,
    private readonly availability: AvailabilityUseCase,
    private readonly catalogue: CatalogueRepository,
    private readonly online: OnlineBookingUseCase,
  ) {}

  async upcoming(auth: AuthContext, now = new Date()): Promise<MyAppointment[]> {
    const clientId = await this.clientId(auth);
    return clientId ? this.upcomingOf(clientId, now) : [];
  }

  async cancel(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<MyAppointment> {
    onlyClients(auth);
    const clientId = await this.clientId(auth);
    return this.cancelOf(auth, clientId, id, input, now);
  }

  async reschedule(auth: AuthContext, id: string, input: unknown, now = new Date()): Promise<MyAppointment> {
    onlyClients(auth);
    const clientId = await this.clientId(auth);
    return this.rescheduleOf(auth, clientId, id, input, now);
  }

  /**
   * The same self-service on behalf of a client another service identified (messaging matched the
   * texting phone to the client): only this service's own token may ask, and the rules are the
   * online ones (late-cancel window, engine and online rules for moves), never the calendar's.
   */
  async upcomingForClient(auth: AuthContext, clientId: string, now = new Date()): Promise<MyAppointment[]> {
    onlyServices(auth);
    if (!isUuid(clientId)) throw new NotFoundError(`Client ${clientId} not found`);
    return this.upcomingOf(clientId, now);
  }

  /** Books on that client's own profile by the online rules (no visitor profile, no per-IP limit). */
  async bookForClient(auth: AuthContext, clientId: string, input: unknown, idempotencyKey?: string, now = new Date()) {
    onlyServices(auth);
    if (!isUuid(clientId)) throw new NotFoundError(`Client ${clientId} not found`);
    return this.online.bookForClient(auth, clientId, input, idempotencyKey, now);
  }

  async cancelForClient(auth: AuthContext, clientId: string, id: string, input: unknown, now = new Date()): Promise<MyAppointment> {
    onlyServices(auth);
    return this.cancelOf(auth, isUuid(clientId) ? clientId : null, id, input, now);
  }

  async rescheduleForClient(auth: AuthContext, clientId: string, id: string, input: unknown, now = new Date()): Promise<MyAppointment> {
    onlyServices(auth);
    return this.rescheduleOf(auth, isUuid(clientId) ? clientId : null, id, input, now);
  }

  private async upcomingOf(clientId: string, now: Date): Promise<MyAppointment[]> {
    const list = await this.appointmentsRepo.listForClient(clientId, now);
    // One policy read per location, not per appointment.
    const windows = new Map(
      await Promise.all(
        [...new Set(list.map((a) => a.locationId))].map(async (id) => [id, await this.online.lateCancelHours(id)] as const),
      ),
    );
    return Promise.all(list.map((a) => this.view(a, now, windows.get(a.locationId))));
  }

  private async cancelOf(auth: AuthContext, clientId: string | null, id: string, input: unknown, now: Date): Promise<MyAppointment> {
    const { reason } = parseInput(cancelSchema, input);
    const a = await this.own(clientId, id, now);
    await this.appointments.update(
      auth,
      a.id,
      { status: 'cancelled', cancelReason: reason || 'Cancelled online by the client', version: a.version },
      now,
    );
    return this.view(await this.appointments.get(a.id), now);
  }

  private async rescheduleOf(auth: AuthContext, clientId: string | null, id: string, input: unknown, now: Date): Promise<MyAppointment> {
    const r = parseInput(rescheduleSchema, input);
    const a = await this.own(clientId, id, now);
    const service = await this.catalogue.findService(a.serviceId);
    if (!service || !service.active || !service.onlineBookable)
      throw new ConflictError(`${a.serviceName} can no longer be booked online; please call the salon`);
    const staffId = r.staffId ?? a.staffId;
    const start = new Date(r.startsAt);
    const { check, cal } = await this.availability.check({
      service,
      locationId: a.locationId,
      staffId,
      start,
      now,
      relax: false,
      ignoreAppointmentId: a.id,
    });
    if (!check.ok) {
      throw BookingConflictError.refused(
        start,
        check.reasons,
        check.alternatives.slice(0, 5).map((s) => this.availability.view(s, cal)),
      );
    }
    await this.appointments.update(auth, a.id, { startsAt: start.toISOString(), staffId, version: a.version }, now);
    return this.view(await this.appointments.get(a.id), now);
  }

  private async own(clientId: string | null, id: string, now: Date): Promise<AppointmentView> {
    const a = clientId && isUuid(id) ? await this.appointmentsRepo.find(id) : null;
    // Someone else's appointment is "not found": its existence is not the caller's business.
    if (!a || a.clientId !== clientId) throw new NotFoundError(`Appointment ${id} not found`);
    const decision = selfServiceChange(
      { status: a.status, startsAt: new Date(a.startsAt) },
      now,
      await this.online.lateCancelHours(a.locationId),
    );
    if (!decision.allowed) throw new ConflictError(decision.reason);
    return a;
  }

  private async clientId(auth: AuthContext): Promise<string | null> {
    onlyClients(auth);
    return (await this.repo.clientOf(auth.userId)) ?? (await this.online.clientOfUser(auth.userId));
  }

  private async view(a: AppointmentView, now: Date, lateCancelHours?: number): Promise<MyAppointment> {
    const decision = selfServiceChange(
      { status: a.status, startsAt: new Date(a.startsAt) },
      now,
      lateCancelHours ?? (await this.online.lateCancelHours(a.locationId)),
    );
    return {
      ...(await this.online.summary(a)),
      canChange: decision.allowed,
      changeBlockedReason: decision.allowed ? null : decision.reason,
    };
  }
}

/** Before anything else, the body's validity included: staff get the same 403 whatever they send. */
function onlyClients(auth: AuthContext): void {
  if (auth.role !== 'client') throw new ForbiddenError('Only clients have appointments of their own here; staff use the calendar');
}

/** The on-behalf routes answer another service of the house (its own token); staff never (admins pass as everywhere). */
function onlyServices(auth: AuthContext): void {
  if (auth.userId !== SERVICE_ACCOUNT_ID && auth.role !== 'admin')
    throw new ForbiddenError('Only another service may act for a client here');
}
