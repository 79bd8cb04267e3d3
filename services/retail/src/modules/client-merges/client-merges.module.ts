import { Module } from '@nestjs/common';
import { ClientMergedConsumer } from './events/client-merged.consumer.js';
import { RepointClientUseCase } from './use-cases/repoint-client.use-case.js';

/** Follows the clients service's merges, so a client's sales history survives a merge (worker process). */
@Module({ providers: [RepointClientUseCase, ClientMergedConsumer] })
export class ClientMergesModule {}
