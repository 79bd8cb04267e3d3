import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { POS_PERMISSIONS } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { ReceiptsUseCase } from '../use-cases/receipts.use-case.js';
import { ReceiptModel, ReceiptSendModel } from './receipt.model.js';

@Resolver(() => ReceiptModel)
export class ReceiptResolver {
  constructor(private readonly receipts: ReceiptsUseCase) {}

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => ReceiptModel, { description: 'A closed ticket’s receipt; CONFLICT naming why an open or voided ticket has none' })
  ticketReceipt(@Args('ticketId', { type: () => ID }) ticketId: string) {
    return this.receipts.view(ticketId);
  }

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [ReceiptSendModel], { description: 'The receipt sends asked for a ticket, newest first' })
  receiptSendRequests(@Args('ticketId', { type: () => ID }) ticketId: string) {
    return this.receipts.sends(ticketId);
  }

  @RequirePermission('use_pos')
  @Mutation(() => ReceiptSendModel, {
    description:
      'Asks messaging to send the receipt to the ticket’s client (channel: email | sms; consent checked there); the same idempotencyKey answers the same request',
  })
  async sendReceipt(
    @CurrentAuth() auth: AuthContext,
    @Args('ticketId', { type: () => ID }) ticketId: string,
    @Args('channel') channel: string,
    @Args('idempotencyKey') idempotencyKey: string,
  ) {
    const { replayed: _replayed, ...sent } = await this.receipts.send(auth, ticketId, { channel }, idempotencyKey);
    return sent;
  }
}
