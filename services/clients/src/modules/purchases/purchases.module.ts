import { Module } from '@nestjs/common';
import { RetailSalesConsumer } from './events/retail-sales.consumer.js';
import { RecordSpendUseCase } from './use-cases/record-spend.use-case.js';

/** Sales as retail reports them: keeps each client's lifetime spend and last purchase (the profile's header). */
@Module({ providers: [RecordSpendUseCase, RetailSalesConsumer] })
export class PurchasesModule {}
