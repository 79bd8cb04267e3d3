import { Module } from '@nestjs/common';
import { PlatformConsumer } from './events/platform.consumer.js';
import { SalesConsumer } from './events/sales.consumer.js';
import { RecordSalesUseCase } from './use-cases/record-sales.use-case.js';

/** The projections of retail's, identity's and scheduling's events (worker process). */
@Module({ providers: [RecordSalesUseCase, SalesConsumer, PlatformConsumer] })
export class SalesModule {}
