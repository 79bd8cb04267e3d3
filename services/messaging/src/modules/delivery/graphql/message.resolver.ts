import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { MessageViewsUseCase } from '../use-cases/message-views.use-case.js';
import { SendTestMessageUseCase } from '../use-cases/send-test-message.use-case.js';
import { DeliverySettingsModel, MessageChannelValue, MessageModel } from './message.model.js';

@Resolver(() => MessageModel)
export class MessageResolver {
  constructor(
    private readonly views: MessageViewsUseCase,
    private readonly tests: SendTestMessageUseCase,
  ) {}

  @AdminOnly()
  @Query(() => [MessageModel], { description: 'The message log, newest first' })
  messages(
    @Args('limit', { type: () => Int, defaultValue: 50 }) limit: number,
    @Args('channel', { type: () => MessageChannelValue, nullable: true }) channel?: MessageChannelValue,
  ) {
    return this.views.list(limit, channel);
  }

  @AdminOnly()
  @Query(() => MessageModel, { nullable: true })
  message(@Args('id', { type: () => ID }) id: string) {
    return this.views.get(id).catch(() => null);
  }

  @AdminOnly()
  @Query(() => DeliverySettingsModel)
  deliverySettings() {
    return this.views.settings();
  }

  @AdminOnly()
  @Mutation(() => MessageModel, { description: 'Queues a test e-mail through the real pipeline' })
  async sendTestEmail(@CurrentAuth() auth: AuthContext, @Args('to') to: string) {
    return this.views.get((await this.tests.email(to, auth.userId)).id);
  }

  @AdminOnly()
  @Mutation(() => MessageModel, { description: 'Queues a test SMS through the real pipeline' })
  async sendTestSms(@CurrentAuth() auth: AuthContext, @Args('to') to: string) {
    return this.views.get((await this.tests.sms(to, auth.userId)).id);
  }
}
