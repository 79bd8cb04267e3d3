import { Inject, Injectable } from '@nestjs/common';
import {
  depositPaidInputSchema,
  depositReleaseInputSchema,
  type AppointmentDepositView,
  type BookingDepositDue,
  type CardPolicy,
} from '@salon/contracts';
import {
  APP_CONFIG,
  ConflictError,
  createLogger,
  ForbiddenError,
  NotFoundError,
  OutboxWriter,
  parseInput,
  SERVICE_ACCOUNT_ID,
  type AuthContext,
} from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { SchedulingConfig } from '../../../config.js';
import { AllocationsUseCase } from '../../allocations/use-cases/allocations.use-case.js';
import { AppointmentRepository } from '../../appointments/persistence/appointment.repository.js';
import { DEPOSIT_HOLD_MS, depositFor, depositParts } from '../domain/deposit-amount.js';
import { AppointmentDepositRepository, type DepositRow } from '../persistence/appointment-deposit.repository.js';

export type { BookedEvent } from '../../appointments/use-cases/booking-writer.use-case.js';
import type { BookedEvent } from '../../appointments/use-cases/booking-writer.use-case.js';

function view(d: DepositRow): AppointmentDepositView {
  const { bookedEvent: _e, ...rest } = d;
  return rest;
}

/**
 * An online booking whose services ask for a deposit (or, at a location requiring a card online,
 * any online booking: a `card` hold, settled when retail has saved the card): the time is held (the appointment and its
 * holds exist, so nobody else can take it) but it is not booked until retail says the deposit is
 * paid. Order of operations (retail's side in services/retail/src/modules/deposits):
 *
 * 1. Booking: the appointment, its holds and a `pending` deposit in one transaction; the booked
 *    event is kept back (no confirmation goes out for a time that may be released).
 * 2. Retail takes the card (authorised, not captured) and calls `paid`: the deposit becomes `paid`
 *    and the booked event is published, in one transaction. Then retail captures.
 * 3. A failed payment (`release`), or no payment by `dueAt` (the sweep): the appointment is
 *    cancelled and its holds freed; a late `paid` then gets 409 and retail voids the authorisation,
 *    so nothing is ever captured for a time that was released.
 * Both calls are idempotent: the same call again answers the same state.
 */
@Injectable()
export class AppointmentDepositsUseCase {
  private readonly logger;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deposits: AppointmentDepositRepository,
    private readonly appointments: AppointmentRepository,
    private readonly allocations: AllocationsUseCase,
    private readonly outbox: OutboxWriter,
    @Inject(APP_CONFIG) config: SchedulingConfig,
  ) {
    this.logger = createLogger('scheduling', config.LOG_LEVEL).child({ component: 'appointment-deposits' });
  }

  /**
   * Inside the booking's transaction, before its booked event is written: when the visit's
   * services ask for a deposit, or the location's policy requires a card online, the hold is
   * recorded as pending and the event kept with it (a non-null answer: hold the event back).
   */
  async holdInBooking(
    m: EntityManager,
    appointmentId: string,
    event: BookedEvent,
    snapshot: Record<string, unknown>,
    now: Date,
    asksCard = true,
  ): Promise<BookingDepositDue | null> {
    const amountMinor = depositFor(depositParts(snapshot));
    const cardPolicy = asksCard ? await this.deposits.cardPolicy(event.locationId!, m) : null;
    if (amountMinor <= 0 && !cardPolicy) return null;
    const kind = amountMinor > 0 ? 'deposit' : 'card';
    const payload = event.payload as { clientId: string; currency: string };
    const dueAt = new Date(now.getTime() + DEPOSIT_HOLD_MS);
    await this.deposits.insert(m, {
      appointmentId,
      locationId: event.locationId!,
      clientId: payload.clientId,
      kind,
      saveCard: cardPolicy !== null,
      amountMinor,
      currency: payload.currency,
      dueAt,
      bookedEvent: event,
      now,
    });
    return { kind, amountMinor, currency: payload.currency, dueAt: dueAt.toISOString(), cardPolicy };
  }

  /** The booking page's locations: which require a card online, with the fees it may be charged. */
  async cardPolicyOf(locationId: string): Promise<CardPolicy | null> {
    return this.deposits.cardPolicy(locationId);
  }

  async view(appointmentId: string): Promise<AppointmentDepositView> {
    const d = await this.deposits.find(appointmentId);
    if (!d) throw new NotFoundError(`Appointment ${appointmentId} has no deposit`);
    return view(d);
  }

  /** The calendar's blocks: each appointment's deposit, if it has one. */
  ofAppointments(ids: string[]): Promise<Map<string, DepositRow>> {
    return this.deposits.ofAppointments(ids);
  }

  /** Retail: the deposit is authorised; the held time becomes a booking (409 once released). */
  async paid(auth: AuthContext, appointmentId: string, input: unknown, now = new Date()): Promise<AppointmentDepositView> {
    this.onlyRetail(auth);
    const { paymentRef } = parseInput(depositPaidInputSchema, input);
    return this.dataSource.transaction(async (m) => {
      const d = await this.deposits.lock(m, appointmentId);
      if (!d) throw new NotFoundError(`Appointment ${appointmentId} has no deposit`);
      if (d.status === 'released')
        throw new ConflictError(`The time held for this deposit was released: ${d.releaseReason ?? 'the deposit was not paid'}`);
      if (d.status === 'paid') return view(d);
      await this.deposits.setStatus(m, appointmentId, 'paid', { paymentRef }, now);
      await this.outbox.append(m, { ...(d.bookedEvent as unknown as BookedEvent), traceparent: undefined });
      return view({ ...d, status: 'paid', paymentRef });
    });
  }

  /** Retail: the payment failed; the held time is freed at once (409 when it was paid already). */
  async release(auth: AuthContext, appointmentId: string, input: unknown, now = new Date()): Promise<AppointmentDepositView> {
    this.onlyRetail(auth);
    const { reason } = parseInput(depositReleaseInputSchema, input);
    return this.releaseHold(appointmentId, reason, now);
  }

  /** Every minute: holds whose deposit did not come in time are released. */
  async releaseOverdue(now = new Date(), limit = 50): Promise<number> {
    const overdue = await this.deposits.overdue(now, limit);
    for (const { appointmentId: id, kind } of overdue) {
      const reason = kind === 'card' ? 'No card was saved in time' : 'The deposit was not paid in time';
      await this.releaseHold(id, reason, now).catch((error: unknown) => {
        if (!(error instanceof ConflictError))
          this.logger.warn({ err: error, appointmentId: id }, 'could not release an overdue deposit hold');
      });
    }
    return overdue.length;
  }

  private releaseHold(appointmentId: string, reason: string, now: Date): Promise<AppointmentDepositView> {
    return this.dataSource.transaction(async (m) => {
      const d = await this.deposits.lock(m, appointmentId);
      if (!d) throw new NotFoundError(`Appointment ${appointmentId} has no deposit`);
      if (d.status === 'paid') throw new ConflictError('This deposit is paid: the booking stands (cancel the appointment instead)');
      if (d.status === 'released') return view(d);
      await this.deposits.setStatus(m, appointmentId, 'released', { releaseReason: reason }, now);
      // Never booked as far as anyone heard (its booked event was held back): cancelled quietly, the time freed.
      await this.appointments.setStatus(m, appointmentId, { status: 'cancelled', cancelReason: reason, lateCancel: false });
      await this.allocations.deactivate(m, { appointmentId });
      return view({ ...d, status: 'released', releaseReason: reason });
    });
  }

  private onlyRetail(auth: AuthContext): void {
    // Retail's service token (an admin token); admins pass as everywhere, staff never.
    if (auth.userId !== SERVICE_ACCOUNT_ID && auth.role !== 'admin') throw new ForbiddenError('Only the retail service settles deposits');
  }
}
