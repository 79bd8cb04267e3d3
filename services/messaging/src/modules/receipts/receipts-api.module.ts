import { Module } from '@nestjs/common';
import { ReceiptDeliveryResolver } from './graphql/receipt-delivery.resolver.js';
import { ReceiptSendRepository } from './persistence/receipt-send.repository.js';

/** The API side: how each receipt went, for the POS. */
@Module({ providers: [ReceiptSendRepository, ReceiptDeliveryResolver] })
export class ReceiptsApiModule {}
