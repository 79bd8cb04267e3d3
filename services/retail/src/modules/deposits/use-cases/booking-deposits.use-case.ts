import { Inject, Injectable } from '@nestjs/common';
import { startDepositInputSchema, type BookingDepositView } from '@salon/contracts';
import { APP_CONFIG, AppError, ConflictError, createLogger, NotFoundError, parseInput } from '@salon/nest-kit';
import type { RetailConfig } from '../../../config.js';
import { CardDeclinedError, PaymentGateway, type CardIntent, type CardSetup } from '../../payments/domain/payment-gateway.js';
import { BOOKING_CARD, CardAccountsUseCase } from '../../payments/use-cases/card-accounts.use-case.js';
import { cardSettleStep, depositKey, settleStep } from '../domain/deposit.rules.js';
import { BookingDepositRepository, type DepositRow } from '../persistence/booking-deposit.repository.js';
import { DepositScheduling } from '../persistence/deposit-scheduling.provider.js';

class CardsOffError extends AppError {
  readonly status = 422;
  readonly code = 'UNPROCESSABLE_ENTITY';
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/**
 * Online booking deposits, the money's side (scheduling keeps the held time:
 * services/scheduling/src/modules/deposits). The order of operations:
 *
 * 1. `start` (the booking page, right after scheduling answered `deposit`): one deposit per
 *    appointment and one PaymentIntent per deposit (manual capture, idempotency key from the
 *    deposit), so a double tap or a retried request opens the same card modal.
 * 2. The card is authorised in the modal. `settle` (from the webhook, the page's poll, or the sweep,
 *    whichever comes first; each step is idempotent and moves the row only from where it expects it)
 *    asks scheduling to book the held time, then captures. If scheduling released the time meanwhile,
 *    the authorisation is cancelled: nothing is captured for a booking that failed.
 * 3. A declined or cancelled payment releases the held time at once; so does the sweep for a hold
 *    whose due time passed (scheduling's own sweep releases it too).
 * 4. The visit's ticket applies the held deposit as a tender (DepositTenders); a cancellation or a
 *    no-show refunds or forfeits it by the location's cancellation policy (DepositOutcomesUseCase).
 *
 * A `card` hold (the location requires a card online, the services take no deposit) goes the same
 * way with a SetupIntent on the client's Stripe customer instead of a PaymentIntent: the card is
 * saved (setup_intent.succeeded, the poll or the sweep) → scheduling books the held time → the card
 * is kept on file and the row ends `card_saved`; a refused card releases the time. Nothing is
 * charged, and the row is never a tender, a refund or a kept deposit. A `deposit` at such a location
 * saves its card too (the PaymentIntent's setup_future_usage), so one modal does both.
 */
@Injectable()
export class BookingDepositsUseCase {
  private readonly logger;

  constructor(
    private readonly deposits: BookingDepositRepository,
    private readonly scheduling: DepositScheduling,
    private readonly gateway: PaymentGateway,
    private readonly cards: CardAccountsUseCase,
    @Inject(APP_CONFIG) config: RetailConfig,
  ) {
    this.logger = createLogger('retail', config.LOG_LEVEL).child({ component: 'booking-deposits' });
  }

  async start(input: unknown, now = new Date()): Promise<BookingDepositView> {
    const { appointmentId } = parseInput(startDepositInputSchema, input);
    if (!this.gateway.enabled)
      throw new CardsOffError(
        'Card payments are not set up, so this booking’s card or deposit cannot be taken online; please call the salon',
      );
    let deposit = await this.deposits.byAppointment(appointmentId);
    if (!deposit) {
      const hold = await this.scheduling.hold(appointmentId);
      if (!hold) throw new NotFoundError(`Appointment ${appointmentId} has no deposit to pay`);
      if (hold.status === 'released')
        throw new ConflictError(`This time is no longer held: ${hold.releaseReason ?? 'the deposit was not paid'}`);
      deposit = await this.deposits.insertOnce(
        {
          appointmentId,
          locationId: hold.locationId,
          clientId: hold.clientId,
          kind: hold.kind,
          saveCard: hold.saveCard,
          amountMinor: hold.amountMinor,
          currency: hold.currency,
          dueAt: new Date(hold.dueAt),
        },
        now,
      );
    }
    if (deposit.status === 'awaiting_payment' && !deposit.intentId) {
      const customerId = deposit.saveCard && deposit.clientId ? await this.cards.customerFor(deposit.clientId) : null;
      if (deposit.kind === 'card' && deposit.clientId && customerId) {
        const setup = await this.gateway.createSetup({
          customerId,
          clientId: deposit.clientId,
          idempotencyKey: depositKey(deposit.id, 'setup'),
          metadata: { kind: BOOKING_CARD, depositId: deposit.id, appointmentId },
        });
        await this.deposits.setIntent(deposit.id, setup.id);
      } else {
        const intent = await this.gateway.createIntent({
          amountMinor: deposit.amountMinor,
          currency: deposit.currency,
          idempotencyKey: depositKey(deposit.id, 'intent'),
          metadata: { kind: 'deposit', depositId: deposit.id, appointmentId },
          description: 'Booking deposit',
          captureLater: true,
          ...(customerId ? { saveFor: { customerId } } : {}),
        });
        await this.deposits.setIntent(deposit.id, intent.id);
      }
      deposit = (await this.deposits.find(deposit.id))!;
    }
    return this.view(deposit.id);
  }

  /** The page's poll: the deposit as it stands, settled first from Stripe's current word. */
  async view(id: string): Promise<BookingDepositView> {
    if (!isUuid(id)) throw new NotFoundError(`Deposit ${id} not found`);
    let deposit = await this.deposits.find(id);
    if (!deposit) throw new NotFoundError(`Deposit ${id} not found`);
    if (deposit.kind === 'card') return this.cardView(deposit);
    let intent: CardIntent | null = null;
    if (deposit.intentId && (deposit.status === 'awaiting_payment' || deposit.status === 'authorized')) {
      intent = await this.gateway.retrieveIntent(deposit.intentId);
      deposit = await this.settleWith(deposit, intent);
    }
    const modal =
      deposit.status === 'awaiting_payment' && intent?.clientSecret ? this.gateway.modal(intent.clientSecret, intent.id, 'payment') : null;
    return {
      id: deposit.id,
      appointmentId: deposit.appointmentId,
      status: deposit.status,
      kind: deposit.kind,
      amountMinor: deposit.amountMinor,
      currency: deposit.currency,
      dueAt: deposit.dueAt.toISOString(),
      failureReason: deposit.failureReason ?? intent?.failureReason ?? null,
      cardModal: modal,
    };
  }

  private async cardView(row: DepositRow): Promise<BookingDepositView> {
    let deposit = row;
    let setup: CardSetup | null = null;
    if (deposit.intentId && (deposit.status === 'awaiting_payment' || deposit.status === 'authorized')) {
      setup = await this.gateway.retrieveSetup(deposit.intentId);
      deposit = await this.settleCardWith(deposit, setup);
    }
    const modal =
      deposit.status === 'awaiting_payment' && setup?.clientSecret ? this.gateway.modal(setup.clientSecret, setup.id, 'setup') : null;
    return {
      id: deposit.id,
      appointmentId: deposit.appointmentId,
      status: deposit.status,
      kind: 'card',
      amountMinor: 0,
      currency: deposit.currency,
      dueAt: deposit.dueAt.toISOString(),
      failureReason: deposit.failureReason ?? setup?.failureReason ?? null,
      cardModal: modal,
    };
  }

  /** A webhook about a booking's SetupIntent (metadata.kind = booking_card): the same settling as the poll. */
  async settleSetup(setup: CardSetup): Promise<void> {
    const deposit = await this.deposits.byIntent(setup.id);
    if (deposit?.kind === 'card') await this.settleCardWith(deposit, setup);
  }

  /** A webhook about a deposit's intent (metadata.kind = deposit): the same settling as the poll. */
  async settleIntent(intent: CardIntent): Promise<void> {
    const deposit = await this.deposits.byIntent(intent.id);
    if (deposit) await this.settleWith(deposit, intent);
  }

  /** Every minute: deposits still open after their hold's due time are settled or released. */
  async settleStale(now = new Date(), limit = 50): Promise<number> {
    const stale = await this.deposits.stale(now, limit);
    for (const d of stale) {
      try {
        let after = d;
        if (d.kind === 'card') {
          if (d.intentId) after = await this.settleCardWith(d, await this.gateway.retrieveSetup(d.intentId));
        } else if (d.intentId) after = await this.settleWith(d, await this.gateway.retrieveIntent(d.intentId));
        if (after.status === 'awaiting_payment')
          await this.fail(after, after.kind === 'card' ? 'No card was saved in time' : 'The deposit was not paid in time');
      } catch (error) {
        this.logger.warn({ err: error, depositId: d.id }, 'could not settle a stale deposit; the next sweep retries');
      }
    }
    return stale.length;
  }

  private async settleWith(deposit: DepositRow, intent: CardIntent): Promise<DepositRow> {
    const step = settleStep(deposit.status, intent);
    if (step.do === 'fail') await this.fail(deposit, step.reason);
    else if (step.do === 'confirm-booking') await this.confirm(deposit, intent);
    return (await this.deposits.find(deposit.id))!;
  }

  /** Authorised → scheduling books the held time → captured. A released time → the authorisation is cancelled. */
  private async confirm(deposit: DepositRow, intent: CardIntent): Promise<void> {
    await this.deposits.move(deposit.id, ['awaiting_payment'], 'authorized');
    const answer = await this.scheduling.paid(deposit.appointmentId, deposit.id);
    if (!answer.ok) {
      if (intent.state !== 'canceled' && intent.state !== 'succeeded')
        await this.gateway.cancelIntent(intent.id, depositKey(deposit.id, 'cancel'));
      else if (intent.state === 'succeeded')
        // Captured elsewhere (never by us before the booking stood): give it back.
        await this.gateway.refund({
          intentId: intent.id,
          amountMinor: intent.receivedMinor,
          idempotencyKey: depositKey(deposit.id, 'refund'),
          reason: answer.reason,
        });
      await this.deposits.move(deposit.id, ['awaiting_payment', 'authorized'], 'released', { failureReason: answer.reason });
      return;
    }
    if (intent.state === 'awaiting_capture') {
      try {
        await this.gateway.captureIntent(intent.id, depositKey(deposit.id, 'capture'));
      } catch (error) {
        if (!(error instanceof CardDeclinedError)) throw error;
        // Only an authorisation that lapsed: the booking stands (scheduling has it as paid); the desk sees it owes.
        this.logger.error({ err: error, depositId: deposit.id }, 'the deposit could not be captured after its booking was confirmed');
        await this.deposits.move(deposit.id, ['authorized'], 'failed', { failureReason: error.message });
        return;
      }
    }
    // At a location requiring a card online the deposit's card stays on file (setup_future_usage) for its fees.
    if (deposit.saveCard && deposit.clientId && intent.paymentMethodId) await this.cards.keepCard(deposit.clientId, intent.paymentMethodId);
    await this.deposits.move(deposit.id, ['authorized'], 'held');
  }

  private async settleCardWith(deposit: DepositRow, setup: CardSetup): Promise<DepositRow> {
    const step = cardSettleStep(deposit.status, setup);
    if (step.do === 'fail') await this.fail(deposit, step.reason);
    else if (step.do === 'confirm-booking') await this.confirmCard(deposit, setup);
    return (await this.deposits.find(deposit.id))!;
  }

  /** Card saved → scheduling books the held time → the card is kept on file. A released time → the card is removed at Stripe. */
  private async confirmCard(deposit: DepositRow, setup: CardSetup): Promise<void> {
    await this.deposits.move(deposit.id, ['awaiting_payment'], 'authorized');
    const answer = await this.scheduling.paid(deposit.appointmentId, deposit.id);
    if (!answer.ok) {
      // No booking, no card on file: nothing may be charged to it later.
      if (setup.paymentMethodId) await this.gateway.detachCard(setup.paymentMethodId);
      await this.deposits.move(deposit.id, ['awaiting_payment', 'authorized'], 'released', { failureReason: answer.reason });
      return;
    }
    if (deposit.clientId && setup.paymentMethodId) await this.cards.keepCard(deposit.clientId, setup.paymentMethodId);
    await this.deposits.move(deposit.id, ['authorized'], 'card_saved');
  }

  /** A refused or abandoned payment (or card): the intent is cancelled (nothing can be captured later) and the held time released. */
  private async fail(deposit: DepositRow, reason: string): Promise<void> {
    if (deposit.intentId && deposit.kind === 'card') await this.gateway.cancelSetup(deposit.intentId);
    else if (deposit.intentId) {
      await this.gateway.cancelIntent(deposit.intentId, depositKey(deposit.id, 'cancel')).catch((error: unknown) => {
        if (!(error instanceof CardDeclinedError)) throw error; // already cancelled or final
      });
    }
    const answer = await this.scheduling.release(deposit.appointmentId, reason);
    if (!answer.ok) this.logger.warn({ depositId: deposit.id, reason: answer.reason }, 'scheduling kept a hold whose deposit failed');
    await this.deposits.move(deposit.id, ['awaiting_payment'], 'failed', { failureReason: reason });
  }
}
