import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { SavedCardsResolver } from './graphql/saved-cards.resolver.js';
import { SavedCardsController } from './http/saved-cards.controller.js';
import { SavedCardsUseCase } from './use-cases/saved-cards.use-case.js';

/** Cards on file from the client's profile: save (the SetupIntent modal) and remove. */
@Module({
  imports: [PaymentsModule],
  controllers: [SavedCardsController],
  providers: [SavedCardsUseCase, SavedCardsResolver],
})
export class SavedCardsModule {}
