import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { DeliveryModule } from './delivery.module.js';
import { PlatformLookup } from './persistence/platform-lookup.provider.js';
import { SendClientMessageUseCase } from './use-cases/send-client-message.use-case.js';

/**
 * Transactional messages to a client (waitlist offers, booking confirmations), worker only: the one
 * "reach this client by SMS or e-mail" use-case and the lookup of clients and identity it shares
 * with its callers (one instance, so identity's answers are cached once). Needs ServiceToken
 * (AuthModule, global).
 */
@Module({
  imports: [DeliveryModule, ConsentModule],
  providers: [PlatformLookup, SendClientMessageUseCase],
  exports: [PlatformLookup, SendClientMessageUseCase],
})
export class ClientMessagesModule {}
