import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { depositKey, forfeitedSale, type VisitEnd } from '../domain/deposit.rules.js';
import { BookingDepositRepository } from '../persistence/booking-deposit.repository.js';
import { FeeSalesUseCase } from './fee-sales.use-case.js';

/**
 * A held deposit kept by the cancellation policy (a late cancellation or a no-show) is a sale of
 * the day it was kept (`FeeSalesUseCase`): a closed ticket with one untaxed fee line for the
 * deposit, paid by a card tender whose processor reference is the deposit's (already captured)
 * PaymentIntent, and the deposit moved to `forfeited` pointing at them, in one transaction.
 * Idempotent: the deposit row is locked and moves only from `held`.
 */
@Injectable()
export class DepositForfeitsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deposits: BookingDepositRepository,
    private readonly feeSales: FeeSalesUseCase,
  ) {}

  /** Answers the ticket's id, or null when the deposit was no longer held (already kept, refunded or applied). */
  async forfeit(depositId: string, how: VisitEnd, now = new Date()): Promise<string | null> {
    return this.dataSource.transaction(async (m) => {
      const d = await this.deposits.lock(m, depositId);
      if (!d || d.status !== 'held') return null;
      const sale = forfeitedSale(how, d.amountMinor);
      const { ticketId, paymentId } = await this.feeSales.closeIn(
        m,
        {
          locationId: d.locationId,
          clientId: d.clientId,
          currency: d.currency,
          lineName: sale.lineName,
          reason: sale.reason,
          amountMinor: sale.amountMinor,
          appointmentId: d.appointmentId,
          payment: {
            idempotencyKey: depositKey(d.id, 'forfeit'),
            requestFingerprint: 'booking-deposit',
            providerRef: d.intentId,
            createdBy: null,
          },
          actor: { type: 'system', id: null },
        },
        now,
      );
      await this.deposits.move(d.id, ['held'], 'forfeited', { outcomeReason: sale.reason, ticketId, paymentId }, m);
      return ticketId;
    });
  }
}
