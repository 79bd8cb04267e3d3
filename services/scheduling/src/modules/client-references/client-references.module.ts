import { Module } from '@nestjs/common';
import { ClientMergedConsumer } from './events/client-merged.consumer.js';
import { ClientReferencesRepository } from './persistence/client-references.repository.js';
import { ClientReferencesUseCase } from './use-cases/client-references.use-case.js';

/** Client ids kept by scheduling, kept pointing at live profiles when the clients service merges two. */
@Module({
  providers: [ClientReferencesRepository, ClientReferencesUseCase, ClientMergedConsumer],
  exports: [ClientReferencesUseCase],
})
export class ClientReferencesModule {}
