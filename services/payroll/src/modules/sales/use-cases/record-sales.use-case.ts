import { Injectable } from '@nestjs/common';
import type { TypedEventEnvelope } from '@salon/contracts';
import type { EntityManager } from 'typeorm';
import { LocationRulesRepository } from '../../time-clock/persistence/location-rules.repository.js';
import { SalesRepository } from '../persistence/sales.repository.js';

type AppointmentEvent = TypedEventEnvelope<
  | 'scheduling.appointment.booked.v1'
  | 'scheduling.appointment.rescheduled.v1'
  | 'scheduling.appointment.cancelled.v1'
  | 'scheduling.appointment.completed.v1'
  | 'scheduling.appointment.no-show.v1'
>;

/** Projects other services' events into payroll's own tables. */
@Injectable()
export class RecordSalesUseCase {
  constructor(
    private readonly sales: SalesRepository,
    private readonly locations: LocationRulesRepository,
  ) {}

  ticketClosed(m: EntityManager, e: TypedEventEnvelope<'retail.ticket.closed.v1'>) {
    return this.sales.recordClosed(m, e.locationId, e.payload);
  }

  paymentSucceeded(m: EntityManager, e: TypedEventEnvelope<'retail.payment.succeeded.v1'>) {
    return this.sales.recordPayment(m, e.occurredAt, e.payload);
  }

  paymentRefunded(m: EntityManager, e: TypedEventEnvelope<'retail.payment.refunded.v1'>) {
    return this.sales.recordRefund(m, e.locationId, e.occurredAt, e.payload);
  }

  locationChanged(m: EntityManager, e: TypedEventEnvelope<'identity.location.changed.v1'>) {
    return this.locations.saveZone(m, e.payload.locationId, e.payload.timeZone);
  }

  appointment(m: EntityManager, e: AppointmentEvent, status: string) {
    const p = e.payload as Record<string, unknown> as {
      appointmentId: string;
      clientId?: string;
      staffId?: string;
      serviceId?: string;
      startsAt?: string;
      endsAt?: string;
      priceMinor?: number;
      source?: string;
    };
    return this.sales.recordAppointment(m, {
      appointmentId: p.appointmentId,
      locationId: e.locationId,
      status,
      at: e.occurredAt,
      clientId: p.clientId,
      staffId: p.staffId,
      serviceId: p.serviceId,
      startsAt: p.startsAt,
      endsAt: p.endsAt ?? null,
      priceMinor: p.priceMinor ?? null,
      source: p.source ?? null,
    });
  }
}
