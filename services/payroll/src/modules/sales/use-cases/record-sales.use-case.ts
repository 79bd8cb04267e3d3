import { Injectable } from '@nestjs/common';
import type { EventEnvelope, EventPayload, EventType, TypedEventEnvelope } from '@salon/contracts';
import type { EntityManager } from 'typeorm';
import { LocationRulesRepository } from '../../time-clock/persistence/location-rules.repository.js';
import { EventJournalRepository } from '../persistence/event-journal.repository.js';
import { ReportClientsRepository } from '../persistence/report-clients.repository.js';
import { ReportSectionsRepository } from '../persistence/report-sections.repository.js';
import { SalesRepository } from '../persistence/sales.repository.js';

const APPOINTMENT_STATUS: Partial<Record<EventType, string>> = {
  'scheduling.appointment.booked.v1': 'booked',
  'scheduling.appointment.rescheduled.v1': 'booked',
  'scheduling.appointment.cancelled.v1': 'cancelled',
  'scheduling.appointment.completed.v1': 'completed',
  'scheduling.appointment.no-show.v1': 'no_show',
};

/**
 * Projects other services' events into payroll's own tables (sales, appointments, clients,
 * location zones, working weeks, gift cards, memberships, automation sends). `record` runs in the event's inbox
 * transaction: it journals the event, then projects it. `project` alone is what a rebuild replays, so both paths write the same rows.
 */
@Injectable()
export class RecordSalesUseCase {
  constructor(
    private readonly sales: SalesRepository,
    private readonly locations: LocationRulesRepository,
    private readonly clients: ReportClientsRepository,
    private readonly journal: EventJournalRepository,
    private readonly sections: ReportSectionsRepository,
  ) {}

  async record(m: EntityManager, e: EventEnvelope): Promise<void> {
    if (await this.journal.append(m, e)) await this.project(m, e);
  }

  async project(m: EntityManager, e: EventEnvelope): Promise<void> {
    const type = e.type as EventType;
    const p = e.payload;
    switch (type) {
      case 'retail.ticket.closed.v1':
        return this.sales.recordClosed(m, e.locationId, p as EventPayload<typeof type>);
      case 'retail.payment.succeeded.v1':
        return this.sales.recordPayment(m, e.occurredAt, p as EventPayload<typeof type>);
      case 'retail.payment.refunded.v1': {
        const refund = p as EventPayload<typeof type>;
        await this.sales.recordRefund(m, e.locationId, e.occurredAt, refund);
        if (refund.method === 'gift_card') await this.sections.giftCardRefunded(m, e.occurredAt, refund);
        return;
      }
      case 'scheduling.working-hours.changed.v1':
        return this.sections.workingWeek(m, e.occurredAt, p as EventPayload<typeof type>);
      case 'retail.gift-card.issued.v1':
        return this.sections.giftCardIssued(m, e.locationId, e.occurredAt, p as EventPayload<typeof type>);
      case 'retail.gift-card.redeemed.v1':
        return this.sections.giftCardRedeemed(m, e.occurredAt, p as EventPayload<typeof type>);
      case 'retail.gift-card.voided.v1':
        return this.sections.giftCardVoided(m, e.occurredAt, p as EventPayload<typeof type>);
      case 'retail.membership.started.v1':
        return this.sections.membershipStarted(m, e.locationId, e.occurredAt, p as EventPayload<typeof type>);
      case 'messaging.automation.finished.v1':
        return this.sections.automationFinished(m, e.locationId, p as EventPayload<typeof type>);
      case 'retail.membership.cancelled.v1':
        return this.sections.membershipCancelled(m, e.locationId, p as EventPayload<typeof type>);
      case 'retail.membership.plan-changed.v1':
        return this.sections.membershipPlanChanged(m, e.occurredAt, p as EventPayload<typeof type>);
      case 'identity.location.changed.v1': {
        const l = p as EventPayload<typeof type>;
        return this.locations.saveZone(m, l.locationId, l.timeZone, l.name);
      }
      case 'clients.client.created.v1':
        return this.clients.created(m, e.occurredAt, p as EventPayload<typeof type>);
      case 'clients.client.merged.v1':
        return this.clients.merged(m, p as EventPayload<typeof type>);
      case 'clients.client.deleted.v1':
        return this.clients.deleted(m, p as EventPayload<typeof type>);
      default: {
        const status = APPOINTMENT_STATUS[type];
        if (status) return this.appointment(m, e as TypedEventEnvelope<'scheduling.appointment.booked.v1'>, status);
      }
    }
  }

  private appointment(m: EntityManager, e: EventEnvelope, status: string) {
    const p = e.payload as {
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
