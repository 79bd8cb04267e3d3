import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type {
  AiLocationSettingsInput,
  AiLocationSettingsView,
  AiMode,
  AiProviderInput,
  AiProviderView,
  AiReplyStatus,
  AiReplyView,
  AiToolCallView,
} from '@salon/contracts';

@ObjectType('AiProvider', { description: 'The OpenAI-compatible chat-completions API the assistant uses (the key is never shown)' })
export class AiProviderModel implements AiProviderView {
  @Field() configured: boolean;
  @Field(() => String, { nullable: true }) baseUrl: string | null;
  @Field(() => String, { nullable: true }) model: string | null;
  @Field() hasKey: boolean;
}

@ObjectType('AiLocationSettings', { description: 'The assistant at one location' })
export class AiLocationSettingsModel implements AiLocationSettingsView {
  @Field(() => ID) locationId: string;
  @Field(() => String, { description: 'off | draft | auto' }) mode: AiMode;
  @Field({ description: 'Auto mode sends on its own from this local time…' }) autoFrom: string;
  @Field({ description: '…to this one; outside them it drafts' }) autoTo: string;
  @Field({ description: 'Appended to every AI reply' }) signature: string;
  @Field(() => Int) version: number;
}

@ObjectType('AiToolCall')
export class AiToolCallModel implements AiToolCallView {
  @Field() name: string;
  @Field() arguments: string;
  @Field() result: string;
  @Field({ description: 'A guard refused it' }) refused: boolean;
}

@ObjectType('AiReply', { description: 'One AI turn: the reply, or why it went to staff, with its context and tool calls' })
export class AiReplyModel implements AiReplyView {
  @Field(() => ID) id: string;
  @Field(() => ID) conversationId: string;
  @Field() phone: string;
  @Field(() => ID, { nullable: true }) locationId: string | null;
  @Field(() => String, { description: 'thinking | draft | sent | handed-over | discarded | failed' }) status: AiReplyStatus;
  @Field(() => String, { nullable: true }) body: string | null;
  @Field(() => String, { nullable: true }) handoverReason: string | null;
  @Field(() => String, { nullable: true, description: 'The booking approving this draft makes' }) pendingAction: string | null;
  @Field({ description: 'JSON: the instructions and conversation the model was given' }) context: string;
  @Field(() => [AiToolCallModel]) toolCalls: AiToolCallModel[];
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => Date) createdAt: string;
  @Field(() => Date, { nullable: true }) decidedAt: string | null;
}

@ObjectType('AiHandover', { description: 'A conversation handed to staff (the assistant stays quiet there until cleared)' })
export class AiHandoverModel {
  @Field(() => ID) conversationId: string;
  @Field() phone: string;
  @Field(() => String, { nullable: true }) clientName: string | null;
  @Field() reason: string;
  @Field(() => Date) at: string;
}

@InputType('AiProviderInput')
export class AiProviderInputModel implements AiProviderInput {
  @Field() baseUrl: string;
  @Field() model: string;
  @Field(() => String, { nullable: true, description: 'Omitted: keep the stored key' }) apiKey?: string;
}

@InputType('AiLocationSettingsInput')
export class AiLocationSettingsInputModel implements AiLocationSettingsInput {
  @Field(() => ID) locationId: string;
  @Field(() => String) mode: AiMode;
  @Field() autoFrom: string;
  @Field() autoTo: string;
  @Field() signature: string;
}
