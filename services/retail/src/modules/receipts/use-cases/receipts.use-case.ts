import { Injectable } from '@nestjs/common';
import {
  actorUuid,
  idempotencyKeySchema,
  isUuid,
  sendReceiptInputSchema,
  type ReceiptSendView,
  type ReceiptView,
  type TicketView,
} from '@salon/contracts';
import { AppError, ConflictError, NotFoundError, OutboxWriter, parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { PaymentRepository } from '../../payments/persistence/payment.repository.js';
import { PlatformLookup } from '../../tickets/persistence/platform-lookup.provider.js';
import { TicketRepository } from '../../tickets/persistence/ticket.repository.js';
import { TicketsUseCase } from '../../tickets/use-cases/tickets.use-case.js';
import { buildReceipt, noReceiptReason } from '../domain/receipt.rules.js';
import { ReceiptRepository, type ReceiptSendRow } from '../persistence/receipt.repository.js';

/** An open or voided ticket has no receipt: 409 naming why. */
class NoReceiptError extends AppError {
  readonly status = 409;
  readonly code = 'CONFLICT';
}

export function toReceiptSendView(s: ReceiptSendRow): ReceiptSendView {
  return { id: s.id, ticketId: s.ticketId, clientId: s.clientId, channel: s.channel, requestedAt: s.requestedAt.toISOString() };
}

/**
 * Receipts of closed tickets: the view (for the printable page and the messages), and "send it to
 * the client", which retail does not do itself: it records the request and asks messaging through
 * the outbox (retail.receipt.requested.v1, the receipt inside), and messaging checks the client's
 * consent and sends at most one message per request. The same Idempotency-Key answers the same
 * request and writes nothing more.
 */
@Injectable()
export class ReceiptsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tickets: TicketsUseCase,
    private readonly ticketRows: TicketRepository,
    private readonly payments: PaymentRepository,
    private readonly receipts: ReceiptRepository,
    private readonly platform: PlatformLookup,
    private readonly outbox: OutboxWriter,
  ) {}

  async view(ticketId: string): Promise<ReceiptView> {
    if (!isUuid(ticketId)) throw new NotFoundError(`Ticket ${ticketId} not found`);
    const ticket = await this.tickets.get(ticketId);
    return this.receiptOf(ticket);
  }

  async sends(ticketId: string): Promise<ReceiptSendView[]> {
    if (!isUuid(ticketId)) throw new NotFoundError(`Ticket ${ticketId} not found`);
    return (await this.receipts.sendsOf(ticketId)).map(toReceiptSendView);
  }

  /** 202 with the recorded request (`replayed` when the key was seen before). */
  async send(
    auth: AuthContext,
    ticketId: string,
    input: unknown,
    idempotencyKey: string | undefined,
    now = new Date(),
  ): Promise<ReceiptSendView & { replayed: boolean }> {
    if (!idempotencyKey)
      throw ValidationFailedError.field('Idempotency-Key', 'is required: send a new key per receipt, the same key when retrying it');
    const parsedKey = idempotencyKeySchema.safeParse(idempotencyKey);
    if (!parsedKey.success) throw ValidationFailedError.field('Idempotency-Key', parsedKey.error.issues[0]!.message);
    const p = parseInput(sendReceiptInputSchema, input);
    if (!isUuid(ticketId)) throw new NotFoundError(`Ticket ${ticketId} not found`);
    const fingerprint = JSON.stringify({ ticketId, channel: p.channel });
    return this.dataSource.transaction(async (m) => {
      const row = await this.ticketRows.lock(m, ticketId);
      if (!row) throw new NotFoundError(`Ticket ${ticketId} not found`);
      const earlier = await this.receipts.findSend(m, ticketId, idempotencyKey);
      if (earlier) {
        if (earlier.requestFingerprint !== fingerprint)
          throw new ConflictError(
            'This Idempotency-Key was used for another receipt request; send a new key',
            undefined,
            'Idempotency-Key',
          );
        return { ...toReceiptSendView(earlier), replayed: true };
      }
      const ticket = await this.tickets.viewIn(m, ticketId);
      if (!ticket.clientId)
        throw ValidationFailedError.field('clientId', `Ticket #${ticket.number} has no client to send the receipt to: print it instead`);
      const receipt = await this.receiptOf(ticket, m);
      const sent = await this.receipts.insertSend(m, {
        ticketId,
        clientId: ticket.clientId,
        channel: p.channel,
        idempotencyKey,
        requestFingerprint: fingerprint,
        requestedBy: actorUuid(auth.userId),
        requestedAt: now,
      });
      await this.outbox.append(m, {
        type: 'retail.receipt.requested.v1',
        aggregateType: 'ticket',
        aggregateId: ticketId,
        locationId: ticket.locationId,
        actor: { type: 'user', id: actorUuid(auth.userId) },
        payload: { sendId: sent.id, ticketId, clientId: ticket.clientId, channel: p.channel, receipt },
      });
      return { ...toReceiptSendView(sent), replayed: false };
    });
  }

  private async receiptOf(ticket: TicketView, m?: EntityManager): Promise<ReceiptView> {
    const refusal = noReceiptReason(ticket);
    if (refusal) throw new NoReceiptError(refusal);
    // One query at a time on the connection (a transaction's is shared); identity is asked alongside.
    const placing = this.platform.placeOf(ticket.locationId);
    placing.catch(() => undefined); // awaited below; a query failing first must not leave it unhandled
    const payments = await this.payments.forTickets([ticket.id], m);
    const cards = await this.receipts.cardsOf(ticket.id, m);
    const feeReasons = await this.receipts.feeReasonsOf(ticket.id, m);
    const refunds = await this.payments.refundsOf(
      payments.map((p) => p.id),
      m,
    );
    return buildReceipt(
      ticket,
      payments.map((p) => ({
        ...p,
        cardBrand: cards.get(p.id)?.brand ?? null,
        cardLast4: cards.get(p.id)?.last4 ?? null,
        refunds: refunds.get(p.id) ?? [],
      })),
      await placing,
      feeReasons,
    );
  }
}
