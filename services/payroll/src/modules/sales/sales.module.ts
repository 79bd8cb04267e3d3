import { Module } from '@nestjs/common';
import { ClientsConsumer } from './events/clients.consumer.js';
import { PlatformConsumer } from './events/platform.consumer.js';
import { PrepaidConsumer } from './events/prepaid.consumer.js';
import { SalesConsumer } from './events/sales.consumer.js';
import { RecordSalesUseCase } from './use-cases/record-sales.use-case.js';

/** The projections of retail's (sales, prepaid), identity's, scheduling's and clients' events (worker process). */
@Module({
  providers: [RecordSalesUseCase, SalesConsumer, PlatformConsumer, ClientsConsumer, PrepaidConsumer],
  exports: [RecordSalesUseCase],
})
export class SalesModule {}
