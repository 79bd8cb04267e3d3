import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { DeliveryModule } from './delivery.module.js';
import { DeliveryProcessor } from './jobs/delivery.processor.js';
import { DeliveryWorkers } from './jobs/delivery-workers.js';
import { SenderPacer } from './jobs/sender-pacer.js';
import { PROVIDER_SELECTION } from './providers/provider-selection.js';
import { DeliverMessageUseCase } from './use-cases/deliver-message.use-case.js';

/** The worker process's side: providers, pacing and the BullMQ workers that call them. */
@Module({
  imports: [DeliveryModule, ConsentModule],
  providers: [...PROVIDER_SELECTION, SenderPacer, DeliverMessageUseCase, DeliveryProcessor, DeliveryWorkers],
  exports: [DeliverMessageUseCase],
})
export class DeliveryWorkerModule {}
