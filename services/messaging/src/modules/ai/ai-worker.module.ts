import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/delivery.module.js';
import { PhoneRepository } from '../phone/persistence/phone.repository.js';
import { ClientDirectory } from '../phone/persistence/client-directory.provider.js';
import { AiReplyWorker } from './jobs/ai-reply-worker.js';
import { AiRepository } from './persistence/ai.repository.js';
import { BookingDepositClient } from './persistence/booking-deposit.client.js';
import { OnlineBookingClient } from './persistence/online-booking.client.js';
import { ChatModel } from './provider/chat-model.js';
import { OpenAiChatModel } from './provider/openai-chat-model.js';
import { AiSendUseCase } from './use-cases/ai-send.use-case.js';
import { AiTurnUseCase } from './use-cases/ai-turn.use-case.js';

/** Worker process: the assistant's turns (the model, its tools and guards) and auto-mode sends. */
@Module({
  imports: [DeliveryModule],
  providers: [
    AiRepository,
    PhoneRepository,
    ClientDirectory,
    OnlineBookingClient,
    BookingDepositClient,
    { provide: ChatModel, useClass: OpenAiChatModel },
    AiSendUseCase,
    AiTurnUseCase,
    AiReplyWorker,
  ],
})
export class AiWorkerModule {}
