import { Args, Field, ID, Mutation, ObjectType, Resolver } from '@nestjs/graphql';
import { RequirePermission } from '@salon/nest-kit';
import { CardModalModel } from '../../payments/graphql/payment.model.js';
import { SavedCardsUseCase } from '../use-cases/saved-cards.use-case.js';

@ObjectType('SaveCardStart', { description: 'The hosted modal that saves a card (a SetupIntent)' })
export class SaveCardStartModel {
  @Field() setupIntentId: string;
  @Field(() => CardModalModel) cardModal: CardModalModel;
}

@Resolver()
export class SavedCardsResolver {
  constructor(private readonly cards: SavedCardsUseCase) {}

  @RequirePermission('use_pos')
  @Mutation(() => SaveCardStartModel, { description: "Opens the card modal that saves a card on the client's profile" })
  startSaveCard(@Args('clientId', { type: () => ID }) clientId: string) {
    return this.cards.start(clientId);
  }

  @RequirePermission('use_pos')
  @Mutation(() => ID, { description: 'Removes a saved card (detached at Stripe); answers its id' })
  async removeSavedPaymentMethod(@Args('id', { type: () => ID }) id: string, @Args('clientId', { type: () => ID }) clientId: string) {
    return (await this.cards.remove(id, clientId)).id;
  }
}
