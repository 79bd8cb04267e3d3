import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { AiSendUseCase } from '../use-cases/ai-send.use-case.js';
import { AiSettingsUseCase } from '../use-cases/ai-settings.use-case.js';
import {
  AiHandoverModel,
  AiLocationSettingsInputModel,
  AiLocationSettingsModel,
  AiProviderInputModel,
  AiProviderModel,
  AiReplyModel,
} from './ai.model.js';

/** Drops what GraphQL left out (undefined) so the strict input schemas see only given fields. */
const given = <T extends object>(input: T): T => JSON.parse(JSON.stringify(input)) as T;

/** `/ai-messaging` (admin only, like the rest of messaging). */
@Resolver(() => AiReplyModel)
export class AiResolver {
  constructor(
    private readonly settings: AiSettingsUseCase,
    private readonly send: AiSendUseCase,
  ) {}

  @AdminOnly()
  @Query(() => AiProviderModel)
  aiProvider() {
    return this.settings.provider();
  }

  @AdminOnly()
  @Query(() => AiLocationSettingsModel)
  aiLocationSettings(@Args('locationId', { type: () => ID }) locationId: string) {
    return this.settings.settings(locationId);
  }

  @AdminOnly()
  @Query(() => [AiReplyModel], { description: 'The AI log, newest first (status narrows it, e.g. draft)' })
  aiReplies(
    @Args('status', { type: () => String, nullable: true }) status: string | null,
    @Args('limit', { type: () => Int, defaultValue: 50 }) limit: number,
  ) {
    return this.settings.replies(status ?? null, limit);
  }

  @AdminOnly()
  @Query(() => [AiHandoverModel], { description: 'Conversations the assistant handed to staff' })
  aiHandovers() {
    return this.settings.handovers();
  }

  @AdminOnly()
  @Mutation(() => AiProviderModel)
  saveAiProvider(@Args('input') input: AiProviderInputModel) {
    return this.settings.saveProvider(given(input));
  }

  @AdminOnly()
  @Mutation(() => AiProviderModel, { description: 'Forgets the provider: the assistant stops everywhere' })
  removeAiProvider() {
    return this.settings.removeProvider();
  }

  @AdminOnly()
  @Mutation(() => AiLocationSettingsModel)
  saveAiLocationSettings(@Args('input') input: AiLocationSettingsInputModel) {
    return this.settings.saveSettings(given(input));
  }

  @AdminOnly()
  @Mutation(() => Boolean, { description: 'Sends a draft (makes the booking it announces first); text replaces the draft' })
  async approveAiReply(
    @CurrentAuth() auth: AuthContext,
    @Args('id', { type: () => ID }) id: string,
    @Args('text', { type: () => String, nullable: true }) text: string | null,
  ) {
    await this.send.approve(id, auth.userId, text ?? null);
    return true;
  }

  @AdminOnly()
  @Mutation(() => Boolean)
  async discardAiReply(@CurrentAuth() auth: AuthContext, @Args('id', { type: () => ID }) id: string) {
    await this.send.discard(id, auth.userId);
    return true;
  }

  @AdminOnly()
  @Mutation(() => Boolean, { description: 'Gives the conversation back to the assistant' })
  clearAiHandover(@Args('conversationId', { type: () => ID }) conversationId: string) {
    return this.settings.clearHandover(conversationId);
  }
}
