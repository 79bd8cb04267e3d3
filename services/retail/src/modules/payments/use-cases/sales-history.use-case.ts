import { Injectable } from '@nestjs/common';
import { salesHistoryQuerySchema, type SaleView, type TenderMethod } from '@salon/contracts';
import { parseInput } from '@salon/nest-kit';
import { TicketRepository } from '../../tickets/persistence/ticket.repository.js';
import { PaymentRepository } from '../persistence/payment.repository.js';
import { PaymentsUseCase } from './payments.use-case.js';

/** Closed sales, newest first: a client's history (their profile) or a period's (closed in from..to). */
@Injectable()
export class SalesHistoryUseCase {
  constructor(
    private readonly tickets: TicketRepository,
    private readonly payments: PaymentRepository,
    private readonly paymentsUseCase: PaymentsUseCase,
  ) {}

  async list(query: unknown): Promise<SaleView[]> {
    const q = parseInput(salesHistoryQuerySchema, query);
    const range = await this.paymentsUseCase.range(q.from, q.to, q.locationId);
    const rows = await this.tickets.closed({ clientId: q.clientId, locationId: q.locationId, ...range });
    const ids = rows.map((t) => t.id);
    const [lines, payments] = await Promise.all([this.tickets.linesOf(ids), this.payments.forTickets(ids)]);
    const methods = new Map<string, Set<TenderMethod>>();
    for (const p of payments) methods.set(p.ticketId, (methods.get(p.ticketId) ?? new Set()).add(p.method));
    return rows.map((t) => ({
      ticketId: t.id,
      number: t.number,
      locationId: t.locationId,
      clientId: t.clientId,
      closedAt: t.closedAt!.toISOString(),
      items: (lines.get(t.id) ?? []).map((l) => ({ kind: l.kind, name: l.name, quantity: l.quantity, staffName: l.staffName })),
      subtotalMinor: t.subtotalMinor,
      discountMinor: t.discountMinor,
      taxMinor: t.taxMinor,
      tipMinor: t.tipMinor,
      totalMinor: t.totalMinor,
      refundedMinor: t.refundedMinor,
      methods: [...(methods.get(t.id) ?? [])],
      currency: t.currency,
    }));
  }
}
