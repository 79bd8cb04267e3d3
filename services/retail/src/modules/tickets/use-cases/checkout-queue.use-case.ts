import { Injectable } from '@nestjs/common';
import { checkoutQuerySchema, type CheckoutAppointmentView } from '@salon/contracts';
import { parseInput } from '@salon/nest-kit';
import { checkoutRefusal } from '../domain/ticket-state.rules.js';
import { PlatformLookup } from '../persistence/platform-lookup.provider.js';
import { TicketRepository } from '../persistence/ticket.repository.js';
import { TicketsUseCase } from './tickets.use-case.js';

/**
 * The desk's list for a day: the location's appointments that can be checked out (scheduling's,
 * read with this service's token), each with the live ticket it is already on, in time order.
 */
@Injectable()
export class CheckoutQueueUseCase {
  constructor(
    private readonly lookup: PlatformLookup,
    private readonly tickets: TicketRepository,
    private readonly ticketsUseCase: TicketsUseCase,
  ) {}

  async day(query: unknown): Promise<CheckoutAppointmentView[]> {
    const q = parseInput(checkoutQuerySchema, query);
    const { from, to } = await this.ticketsUseCase.localDay(q.locationId, q.date);
    const appointments = (await this.lookup.appointmentsBetween(q.locationId, from, to)).filter((a) => !checkoutRefusal(a.status));
    const live = await this.tickets.liveTicketsOf(appointments.map((a) => a.id));
    return appointments
      .map((a) => ({
        appointmentId: a.id,
        locationId: a.locationId,
        clientId: a.clientId,
        status: a.status,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        serviceName: a.serviceName,
        staffIds: [...new Set(a.segments.map((s) => s.staffId))],
        priceMinor: a.priceMinor,
        ticketId: live.get(a.id)?.ticketId ?? null,
        ticketStatus: live.get(a.id)?.status ?? null,
      }))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  }
}
