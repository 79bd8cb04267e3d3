import { Injectable } from '@nestjs/common';
import { PaymentGateway } from '../../payments/domain/payment-gateway.js';
import { depositKey, depositOutcome, type VisitEnd } from '../domain/deposit.rules.js';
import { BookingDepositRepository } from '../persistence/booking-deposit.repository.js';
import { DepositForfeitsUseCase } from './deposit-forfeits.use-case.js';

const REFUNDED = 'Cancelled in time: the deposit is given back';

/**
 * A visit with a held deposit that did not happen (scheduling's cancelled or no-show event): the
 * location's cancellation policy decides. Cancelled before the late-cancel window → refunded through
 * Stripe; a late cancellation or a no-show → forfeited (kept, with the reason, and recorded as the
 * day's sale: DepositForfeitsUseCase). A deposit already
 * applied on a ticket is the ticket's business (refunds from the POS). Idempotent: the Stripe refund
 * carries the deposit's key and the row moves only from `held`.
 */
@Injectable()
export class DepositOutcomesUseCase {
  constructor(
    private readonly deposits: BookingDepositRepository,
    private readonly gateway: PaymentGateway,
    private readonly forfeits: DepositForfeitsUseCase,
  ) {}

  async afterVisitEnded(appointmentId: string, how: VisitEnd, now = new Date()): Promise<void> {
    const deposit = await this.deposits.byAppointment(appointmentId);
    if (!deposit || deposit.status !== 'held' || !deposit.intentId) return;
    if (depositOutcome(how) === 'forfeit') {
      await this.forfeits.forfeit(deposit.id, how, now);
      return;
    }
    const refund = await this.gateway.refund({
      intentId: deposit.intentId,
      amountMinor: deposit.amountMinor,
      idempotencyKey: depositKey(deposit.id, 'refund'),
      reason: REFUNDED,
    });
    await this.deposits.move(deposit.id, ['held'], 'refunded', { outcomeReason: REFUNDED, refundRef: refund.id });
  }
}
