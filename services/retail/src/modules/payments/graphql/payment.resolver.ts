import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { given } from '../../../common/graphql-input.js';
import { TicketModel } from '../../tickets/graphql/ticket.model.js';
import { PaymentsUseCase } from '../use-cases/payments.use-case.js';
import { SalesHistoryUseCase } from '../use-cases/sales-history.use-case.js';
import { CardAccountsUseCase } from '../use-cases/card-accounts.use-case.js';
import {
  CardReaderModel,
  PaymentModel,
  PayTicketInput,
  PayTicketResultModel,
  RefundInput,
  RegisterCardReaderInput,
  RefundResultModel,
  SaleModel,
  SavedPaymentMethodModel,
} from './payment.model.js';

@Resolver(() => PaymentModel)
export class PaymentResolver {
  constructor(
    private readonly paymentsUseCase: PaymentsUseCase,
    private readonly salesUseCase: SalesHistoryUseCase,
    private readonly cards: CardAccountsUseCase,
  ) {}

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [SavedPaymentMethodModel], { description: "A client's saved cards: brand, last four and expiry only" })
  savedPaymentMethods(@Args('clientId', { type: () => ID }) clientId: string) {
    return this.cards.savedCards(given({ clientId }));
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [CardReaderModel], { description: 'The card terminals registered at a location' })
  cardReaders(@Args('locationId', { type: () => ID }) locationId: string) {
    return this.cards.readers(locationId);
  }

  @RequirePermission('edit_business_settings')
  @Mutation(() => CardReaderModel, { description: 'Registers a card terminal at a location with the code it shows' })
  registerCardReader(@Args('input') input: RegisterCardReaderInput) {
    return this.cards.registerReader(given(input));
  }

  @RequirePermission('use_pos')
  @Mutation(() => PayTicketResultModel, {
    description: 'Cancels a card tender still pending (its PaymentIntent at Stripe, the reader’s action)',
  })
  cancelPayment(@CurrentAuth() auth: AuthContext, @Args('paymentId', { type: () => ID }) paymentId: string) {
    return this.paymentsUseCase.cancel(auth, paymentId);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [PaymentModel], { description: 'from/to: instants or local dates (whole days)' })
  payments(
    @Args('from', { type: () => String, nullable: true }) from?: string,
    @Args('to', { type: () => String, nullable: true }) to?: string,
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string,
    @Args('clientId', { type: () => ID, nullable: true }) clientId?: string,
  ) {
    return this.paymentsUseCase.list(
      given({ from: from ?? undefined, to: to ?? undefined, locationId: locationId ?? undefined, clientId: clientId ?? undefined }),
    );
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [SaleModel], { description: "Closed sales: a client's (clientId) or a period's (from and to)" })
  salesHistory(
    @Args('clientId', { type: () => ID, nullable: true }) clientId?: string,
    @Args('from', { type: () => String, nullable: true }) from?: string,
    @Args('to', { type: () => String, nullable: true }) to?: string,
    @Args('locationId', { type: () => ID, nullable: true }) locationId?: string,
  ) {
    return this.salesUseCase.list(
      given({ clientId: clientId ?? undefined, from: from ?? undefined, to: to ?? undefined, locationId: locationId ?? undefined }),
    );
  }

  @RequirePermission('use_pos')
  @Mutation(() => PayTicketResultModel, {
    description: 'A tender; idempotencyKey: a new key per payment, the same key when retrying it (answers the first payment)',
  })
  async payTicket(
    @CurrentAuth() auth: AuthContext,
    @Args('ticketId', { type: () => ID }) ticketId: string,
    @Args('input') input: PayTicketInput,
    @Args('idempotencyKey') idempotencyKey: string,
  ) {
    const { replayed: _replayed, ...answer } = await this.paymentsUseCase.pay(auth, ticketId, given(input), idempotencyKey);
    return answer;
  }

  @RequirePermission('refund_payments')
  @Mutation(() => RefundResultModel, { description: 'Never above what the payment captured less earlier refunds' })
  async refundPayment(
    @CurrentAuth() auth: AuthContext,
    @Args('paymentId', { type: () => ID }) paymentId: string,
    @Args('input') input: RefundInput,
    @Args('idempotencyKey', { type: () => String, nullable: true }) idempotencyKey?: string,
  ) {
    const { replayed: _replayed, ...answer } = await this.paymentsUseCase.refund(
      auth,
      paymentId,
      given(input),
      idempotencyKey ?? undefined,
    );
    return answer;
  }
}

/** A ticket's tenders, on the Ticket type (retail owns both). */
@Resolver(() => TicketModel)
export class TicketPaymentsResolver {
  constructor(private readonly paymentsUseCase: PaymentsUseCase) {}

  @ResolveField(() => [PaymentModel])
  payments(@Parent() ticket: TicketModel) {
    return this.paymentsUseCase.forTicket(ticket.id);
  }
}
