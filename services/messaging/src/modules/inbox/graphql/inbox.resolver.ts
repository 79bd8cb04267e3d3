import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { InboxUseCase } from '../use-cases/inbox.use-case.js';
import { ConversationMessageModel, ConversationModel } from './conversation.model.js';

@Resolver(() => ConversationModel)
export class InboxResolver {
  constructor(private readonly inbox: InboxUseCase) {}

  @AdminOnly()
  @Query(() => [ConversationModel], { description: 'SMS conversations, the most recent first' })
  conversations(@Args('limit', { type: () => Int, defaultValue: 50 }) limit: number) {
    return this.inbox.list(limit);
  }

  @AdminOnly()
  @Query(() => [ConversationMessageModel], { description: 'A conversation’s texts, oldest first; reading it marks it read' })
  conversationMessages(@Args('conversationId', { type: () => ID }) conversationId: string) {
    return this.inbox.messages(conversationId);
  }

  @AdminOnly()
  @Mutation(() => [ConversationMessageModel], { description: 'Texts the conversation’s number (STOP honoured)' })
  replyToConversation(
    @CurrentAuth() auth: AuthContext,
    @Args('conversationId', { type: () => ID }) conversationId: string,
    @Args('text') text: string,
  ) {
    return this.inbox.reply({ conversationId, text }, auth.userId);
  }
}
