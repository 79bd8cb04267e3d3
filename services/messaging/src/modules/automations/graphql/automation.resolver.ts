import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { MessageModel } from '../../delivery/graphql/message.model.js';
import { MessageViewsUseCase } from '../../delivery/use-cases/message-views.use-case.js';
import { AutomationsUseCase } from '../use-cases/automations.use-case.js';
import { CustomAutomationsUseCase } from '../use-cases/custom-automations.use-case.js';
import {
  AutomationModel,
  AutomationSendModel,
  AutomationSettingsModel,
  CustomAutomationModel,
  ReminderNoShowRatesModel,
  UpdateAutomationInputModel,
  UpdateAutomationSettingsInputModel,
  SaveCustomAutomationInputModel,
} from './automation.model.js';

/** Drops what GraphQL left out (undefined) so the strict input schemas see only given fields. */
const given = <T extends object>(input: T): T => JSON.parse(JSON.stringify(input)) as T;

@Resolver(() => AutomationModel)
export class AutomationResolver {
  constructor(
    private readonly useCase: AutomationsUseCase,
    private readonly views: MessageViewsUseCase,
    private readonly custom: CustomAutomationsUseCase,
  ) {}

  @AdminOnly()
  @Query(() => [CustomAutomationModel], { description: 'The automations the owner made at a location, with their counts' })
  customAutomations(@Args('locationId', { type: () => ID }) locationId: string) {
    return this.custom.list(locationId);
  }

  @AdminOnly()
  @Mutation(() => CustomAutomationModel, {
    description: 'Creates (no id) or changes an owner automation, including turning it on or off; a stale version answers CONFLICT',
  })
  saveCustomAutomation(@Args('input') input: SaveCustomAutomationInputModel) {
    return this.custom.save(given(input));
  }

  @AdminOnly()
  @Query(() => [AutomationModel], { description: 'The built-in automations of a location, with their counts' })
  automations(@Args('locationId', { type: () => ID }) locationId: string) {
    return this.useCase.list(locationId);
  }

  @AdminOnly()
  @Query(() => AutomationSettingsModel)
  automationSettings(@Args('locationId', { type: () => ID }) locationId: string) {
    return this.useCase.settings(locationId);
  }

  @AdminOnly()
  @Query(() => [AutomationSendModel], { description: 'Recent automation sends of a location, newest due first' })
  automationSends(
    @Args('locationId', { type: () => ID }) locationId: string,
    @Args('limit', { type: () => Int, defaultValue: 50 }) limit: number,
  ) {
    return this.useCase.recentSends(locationId, limit);
  }

  @AdminOnly()
  @Query(() => ReminderNoShowRatesModel, { description: 'No-show rate of reminded vs not-reminded appointments, last 90 days' })
  reminderNoShowRates(@Args('locationId', { type: () => ID }) locationId: string) {
    return this.useCase.noShowRates(locationId);
  }

  @AdminOnly()
  @Mutation(() => AutomationModel, { description: 'A stale version answers CONFLICT' })
  updateAutomation(@Args('input') input: UpdateAutomationInputModel) {
    return this.useCase.update(given(input));
  }

  @AdminOnly()
  @Mutation(() => AutomationSettingsModel)
  updateAutomationSettings(@Args('input') input: UpdateAutomationSettingsInputModel) {
    return this.useCase.updateSettings(given(input));
  }

  @AdminOnly()
  @Mutation(() => [MessageModel], { description: 'Sends the automation as it reads now, with sample values, to a phone and/or an address' })
  async sendAutomationTest(
    @CurrentAuth() auth: AuthContext,
    @Args('locationId', { type: () => ID }) locationId: string,
    @Args('kind') kind: string,
    @Args('phone', { type: () => String, nullable: true }) phone?: string,
    @Args('email', { type: () => String, nullable: true }) email?: string,
  ) {
    const sent = await this.useCase.testSend(
      given({ locationId, kind, phone: phone ?? undefined, email: email ?? undefined }),
      auth.userId,
    );
    return Promise.all(sent.map((m) => this.views.get(m.id)));
  }
}
