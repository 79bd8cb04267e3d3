import { Injectable } from '@nestjs/common';
import { actorUuid, isUuid, type CancellationFeeView } from '@salon/contracts';
import { AppError, ConflictError, NotFoundError, type AuthContext } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { CardDeclinedError, PaymentGateway, type CardIntent } from '../../payments/domain/payment-gateway.js';
import { TenderUnavailableError } from '../../payments/domain/tenders.rules.js';
import { CardAccountsRepository, type SavedCardRow } from '../../payments/persistence/card-accounts.repository.js';
import { PlatformLookup, type CheckoutAppointment } from '../../tickets/persistence/platform-lookup.provider.js';
import { cancellationFee, feeChargeKey, type FeeDecision } from '../domain/cancellation-fee.rules.js';
import { BookingDepositRepository } from '../persistence/booking-deposit.repository.js';
import { CancellationFeeRepository, type CancellationFeeRow } from '../persistence/cancellation-fee.repository.js';
import { FeeSalesUseCase } from './fee-sales.use-case.js';

/** The card on file did not pay the fee (declined, or it asks for the client's authentication): 402 with why. */
export class FeeNotChargedError extends AppError {
  readonly status = 402;
  readonly code = 'CARD_REFUSED';
}

const SCA_REFUSED =
  'The card asks for the client’s authentication (3-D Secure), which cannot be done without them: nothing was charged; take the fee at the desk';

/**
 * No-show and late-cancel fees (issue 11): for an appointment scheduling marked no-show or
 * cancelled inside the late-cancel window, staff with `charge_fees` charge the location's policy
 * fee to the client's card on file in one action. The appointment's `cancellation_fees` row is
 * locked for the whole charge, so two clicks charge once (the second answers the first's ticket);
 * each attempt has its own Stripe idempotency key. A charge that succeeds is a closed ticket with
 * one fee line (`FeeSalesUseCase`, the kept deposit's code); a decline or a card asking for
 * authentication (the intent is cancelled) leaves no ticket, records why and answers 402.
 */
@Injectable()
export class CancellationFeesUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly platform: PlatformLookup,
    private readonly fees: CancellationFeeRepository,
    private readonly deposits: BookingDepositRepository,
    private readonly accounts: CardAccountsRepository,
    private readonly gateway: PaymentGateway,
    private readonly feeSales: FeeSalesUseCase,
  ) {}

  async view(appointmentId: string): Promise<CancellationFeeView> {
    const appointment = await this.appointment(appointmentId);
    const [row, deposit, policy, cards] = await Promise.all([
      this.fees.find(appointmentId),
      this.deposits.byAppointment(appointmentId),
      this.platform.feePolicy(appointment.locationId),
      this.accounts.cards(appointment.clientId),
    ]);
    const decision = cancellationFee(appointment, policy, deposit, row?.status === 'charged');
    return toView(appointment, decision, row, cards[0] ?? null);
  }

  async charge(auth: AuthContext, appointmentId: string, now = new Date()): Promise<CancellationFeeView> {
    const appointment = await this.appointment(appointmentId);
    const policy = await this.platform.feePolicy(appointment.locationId);
    if (!this.gateway.enabled) throw new TenderUnavailableError();
    const outcome = await this.dataSource.transaction(async (m) => {
      const row = await this.fees.lockOrCreate(m, appointmentId, now);
      // A second click waited on the lock: the first one's charge is the answer.
      if (row.status === 'charged') return { ok: true as const };
      const deposit = await this.deposits.byAppointment(appointmentId, m);
      const decision = cancellationFee(appointment, policy, deposit, false);
      if (!decision.ok) throw new ConflictError(decision.reason);
      const card = (await this.accounts.cards(appointment.clientId))[0];
      if (!card) throw new ConflictError('The client has no card on file: take the fee at the desk, or save a card on their profile first');
      const key = feeChargeKey(appointmentId, row.attempts);
      let intent: CardIntent | null;
      let failure: string | null = null;
      try {
        intent = await this.gateway.createIntent({
          amountMinor: decision.amountMinor,
          currency: appointment.currency,
          idempotencyKey: key,
          metadata: { kind: 'cancellation_fee', appointmentId, feeKind: decision.kind },
          description: decision.lineName,
          offSession: { customerId: card.customerId, paymentMethodId: card.id },
        });
      } catch (error) {
        if (!(error instanceof CardDeclinedError)) throw error;
        intent = error.intent;
        failure = error.message;
      }
      if (intent?.state === 'succeeded') {
        const { ticketId, paymentId } = await this.feeSales.closeIn(
          m,
          {
            locationId: appointment.locationId,
            clientId: appointment.clientId,
            currency: appointment.currency,
            lineName: decision.lineName,
            reason: decision.reason,
            amountMinor: decision.amountMinor,
            appointmentId,
            payment: {
              idempotencyKey: key,
              requestFingerprint: 'cancellation-fee',
              providerRef: intent.id,
              createdBy: actorUuid(auth.userId),
            },
            actor: { type: 'user', id: actorUuid(auth.userId) },
          },
          now,
        );
        await this.fees.charged(
          m,
          appointmentId,
          {
            kind: decision.kind,
            amountMinor: decision.amountMinor,
            reason: decision.reason,
            ticketId,
            paymentId,
            chargedBy: actorUuid(auth.userId),
          },
          now,
        );
        return { ok: true as const };
      }
      if (intent?.state === 'awaiting_authentication' || intent?.state === 'awaiting_card') {
        // Off the session nobody can authenticate: the intent is cancelled so it can never be paid later.
        await this.gateway.cancelIntent(intent.id, `${key}-cancel`).catch(() => undefined);
        failure = SCA_REFUSED;
      } else {
        failure = intent?.failureReason ?? failure ?? 'The card was declined';
      }
      await this.fees.failed(m, appointmentId, failure, now);
      return { ok: false as const, failure };
    });
    if (!outcome.ok) throw new FeeNotChargedError(`The fee was not charged: ${outcome.failure}`);
    return this.view(appointmentId);
  }

  private async appointment(appointmentId: string): Promise<CheckoutAppointment> {
    if (!isUuid(appointmentId)) throw new NotFoundError(`Appointment ${appointmentId} not found`);
    const appointment = await this.platform.appointment(appointmentId);
    if (!appointment) throw new NotFoundError(`Appointment ${appointmentId} not found`);
    return appointment;
  }
}

function toView(
  appointment: CheckoutAppointment,
  decision: FeeDecision,
  row: CancellationFeeRow | null,
  card: SavedCardRow | null,
): CancellationFeeView {
  const base = {
    appointmentId: appointment.id,
    currency: appointment.currency,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    failureReason: row?.status === 'failed' ? row.failureReason : null,
  };
  if (row?.status === 'charged')
    return { ...base, kind: row.kind, status: 'charged', amountMinor: row.amountMinor, reason: row.reason, ticketId: row.ticketId };
  if (decision.ok)
    return {
      ...base,
      kind: decision.kind,
      status: 'chargeable',
      amountMinor: decision.amountMinor,
      reason: decision.reason,
      ticketId: null,
    };
  return { ...base, kind: null, status: 'not_applicable', amountMinor: null, reason: decision.reason, ticketId: null };
}
