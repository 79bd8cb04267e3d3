import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { PhoneRepository } from '../phone/persistence/phone.repository.js';
import { AiResolver } from './graphql/ai.resolver.js';
import { AiRepository } from './persistence/ai.repository.js';
import { BookingDepositClient } from './persistence/booking-deposit.client.js';
import { OnlineBookingClient } from './persistence/online-booking.client.js';
import { AiSendUseCase } from './use-cases/ai-send.use-case.js';
import { AiSettingsUseCase } from './use-cases/ai-settings.use-case.js';

/** API process: `/ai-messaging`'s settings, log and hand-overs, and sending approved drafts. */
@Module({
  imports: [DeliveryModule],
  providers: [AiRepository, PhoneRepository, OnlineBookingClient, BookingDepositClient, AiSendUseCase, AiSettingsUseCase, AiResolver],
})
export class AiApiModule {}
