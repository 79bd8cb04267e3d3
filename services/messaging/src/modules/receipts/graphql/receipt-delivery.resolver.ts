import { Args, ID, Query, Resolver } from '@nestjs/graphql';
import { POS_PERMISSIONS } from '@salon/contracts';
import { RequirePermission } from '@salon/nest-kit';
import { ReceiptSendRepository } from '../persistence/receipt-send.repository.js';
import { ReceiptDeliveryModel } from './receipt-delivery.model.js';

@Resolver(() => ReceiptDeliveryModel)
export class ReceiptDeliveryResolver {
  constructor(private readonly sends: ReceiptSendRepository) {}

  @RequirePermission({ anyOf: POS_PERMISSIONS })
  @Query(() => [ReceiptDeliveryModel], { description: 'The receipts sent (or refused) for a ticket, newest first' })
  receiptDeliveries(@Args('ticketId', { type: () => ID }) ticketId: string) {
    return this.sends.ofTicket(ticketId);
  }
}
