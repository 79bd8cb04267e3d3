import { Global, Module } from '@nestjs/common';
import { PaymentRepository } from '../modules/payments/persistence/payment.repository.js';
import { PosSettingsRepository } from '../modules/pos-settings/persistence/pos-settings.repository.js';
import { TicketRepository } from '../modules/tickets/persistence/ticket.repository.js';

const REPOSITORIES = [TicketRepository, PaymentRepository, PosSettingsRepository];

/** Every repository of the service, available to every feature module (they share one database). */
@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class PersistenceModule {}
