import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type {
  AutomationCounts,
  AutomationSendView,
  AutomationSettingsView,
  AutomationView,
  ChannelRule,
  AutomationKind,
  CustomAutomationTrigger,
  CustomAutomationView,
  NoShowGroup,
  ReminderNoShowRatesView,
  UpdateAutomationInput,
  UpdateAutomationSettingsInput,
} from '@salon/contracts';

@ObjectType('AutomationCounts')
export class AutomationCountsModel implements AutomationCounts {
  @Field(() => Int) scheduled: number;
  @Field(() => Int, { description: 'Messages the provider accepted (sent or delivered)' }) sent: number;
  @Field(() => Int) delivered: number;
  @Field(() => Int, { description: 'Failed or suppressed (STOP)' }) failed: number;
  @Field(() => Int) replies: number;
  @Field(() => Int, { description: 'Reminders answered with C/confirm' }) confirmed: number;
}

@ObjectType('Automation', { description: 'One built-in automation of a location' })
export class AutomationModel implements AutomationView {
  @Field(() => ID) locationId: string;
  @Field(() => String, {
    description: 'booking-confirmation | reminder | second-reminder | thank-you | no-show | rebook | birthday | win-back',
  })
  kind: AutomationKind;
  @Field() label: string;
  @Field() description: string;
  @Field() enabled: boolean;
  @Field(() => String, { description: 'sms-else-email | both | email' }) channelRule: ChannelRule;
  @Field(() => Int) timing: number;
  @Field({ description: 'What timing counts: none | hours-before | hours-after | weeks-after | days-before | months-after' })
  timingUnit: string;
  @Field() smsTemplate: string;
  @Field() emailSubject: string;
  @Field() emailTemplate: string;
  @Field(() => Int) version: number;
  @Field(() => AutomationCountsModel) counts: AutomationCountsModel;
}

@ObjectType('AutomationSettings', { description: 'Quiet hours (local time) and the per-client daily cap of a location' })
export class AutomationSettingsModel implements AutomationSettingsView {
  @Field(() => ID) locationId: string;
  @Field() quietStart: string;
  @Field() quietEnd: string;
  @Field(() => Int) maxPerClientPerDay: number;
  @Field(() => Int) version: number;
}

@ObjectType('AutomationSend', { description: 'One send of an automation and its delivery state' })
export class AutomationSendModel implements AutomationSendView {
  @Field(() => ID) id: string;
  @Field(() => String, { description: 'A built-in kind, or custom (an owner automation: customAutomationId)' })
  kind: AutomationSendView['kind'];
  @Field(() => ID, { nullable: true }) customAutomationId: string | null;
  @Field(() => ID, { nullable: true }) appointmentId: string | null;
  @Field(() => ID) clientId: string;
  @Field(() => Date) dueAt: string;
  @Field(() => String, { description: 'scheduled | queued | sent | delivered | failed | cancelled | skipped' })
  state: AutomationSendView['state'];
  @Field(() => [String]) channels: string[];
  @Field(() => String, { nullable: true }) reason: string | null;
}

@InputType('UpdateAutomationInput')
export class UpdateAutomationInputModel implements UpdateAutomationInput {
  @Field(() => ID) locationId: string;
  @Field(() => String) kind: AutomationKind;
  @Field({ nullable: true }) enabled?: boolean;
  @Field(() => String, { nullable: true }) channelRule?: ChannelRule;
  @Field(() => Int, { nullable: true }) timing?: number;
  @Field({ nullable: true }) smsTemplate?: string;
  @Field({ nullable: true }) emailSubject?: string;
  @Field({ nullable: true }) emailTemplate?: string;
  @Field(() => Int) version: number;
}

@InputType('UpdateAutomationSettingsInput')
export class UpdateAutomationSettingsInputModel implements UpdateAutomationSettingsInput {
  @Field(() => ID) locationId: string;
  @Field() quietStart: string;
  @Field() quietEnd: string;
  @Field(() => Int) maxPerClientPerDay: number;
  @Field(() => Int) version: number;
}

@ObjectType('NoShowGroup')
export class NoShowGroupModel implements NoShowGroup {
  @Field(() => Int, { description: 'Finished appointments (completed or no-show)' }) appointments: number;
  @Field(() => Int) noShows: number;
  @Field(() => Float, { nullable: true, description: 'noShows / appointments; null when there were none' }) rate: number | null;
}

@ObjectType('ReminderNoShowRates', { description: 'No-show rate of reminded vs not-reminded appointments of a location' })
export class ReminderNoShowRatesModel implements ReminderNoShowRatesView {
  @Field(() => ID) locationId: string;
  @Field(() => Int, { description: 'The window: appointments that started in the last this many days' }) days: number;
  @Field(() => NoShowGroupModel) reminded: NoShowGroupModel;
  @Field(() => NoShowGroupModel) notReminded: NoShowGroupModel;
}

@ObjectType('CustomAutomation', {
  description: 'An automation the owner made: a trigger, conditions, a delay, a channel rule and templates',
})
export class CustomAutomationModel implements CustomAutomationView {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field(() => String, {
    description:
      'appointment-booked | appointment-completed | appointment-cancelled | appointment-no-show | client-created | days-since-last-visit',
  })
  trigger: CustomAutomationTrigger;
  @Field(() => Int, { description: 'Hours after the trigger' }) delayHours: number;
  @Field(() => Int, { nullable: true, description: 'The N of "N days since the last visit"' }) days: number | null;
  @Field(() => String, { nullable: true, description: 'Only services whose name contains this' }) serviceContains: string | null;
  @Field({ description: 'Only the client’s first visit' }) firstVisitOnly: boolean;
  @Field(() => String, { description: 'sms-else-email | both | email' }) channelRule: ChannelRule;
  @Field() smsTemplate: string;
  @Field() emailSubject: string;
  @Field() emailTemplate: string;
  @Field() enabled: boolean;
  @Field(() => Int) version: number;
  @Field(() => AutomationCountsModel) counts: AutomationCountsModel;
}

@InputType('CustomAutomationConditionsInput')
export class CustomAutomationConditionsInputModel {
  @Field(() => String, { nullable: true }) serviceContains?: string | null;
  @Field({ nullable: true }) firstVisitOnly?: boolean;
}

@InputType('SaveCustomAutomationInput')
export class SaveCustomAutomationInputModel {
  @Field(() => ID, { nullable: true, description: 'Absent: a new automation' }) id?: string | null;
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field(() => String) trigger: string;
  @Field(() => Int) delayHours: number;
  @Field(() => Int, { nullable: true, description: 'Required with days-since-last-visit, refused otherwise' }) days?: number | null;
  @Field(() => CustomAutomationConditionsInputModel) conditions: CustomAutomationConditionsInputModel;
  @Field(() => String) channelRule: string;
  @Field() smsTemplate: string;
  @Field() emailSubject: string;
  @Field() emailTemplate: string;
  @Field() enabled: boolean;
  @Field(() => Int, { description: '0 for a new one; a stale version answers CONFLICT' }) version: number;
}
