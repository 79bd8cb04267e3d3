import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { DeliverySettings, Message } from '@salon/contracts';

export enum MessageChannelValue {
  email = 'email',
  sms = 'sms',
}
export enum MessageStatusValue {
  queued = 'queued',
  sending = 'sending',
  sent = 'sent',
  delivered = 'delivered',
  failed = 'failed',
  suppressed = 'suppressed',
}
registerEnumType(MessageChannelValue, { name: 'MessageChannel' });
registerEnumType(MessageStatusValue, {
  name: 'MessageStatus',
  description: 'queued → sending → sent → delivered, or failed; suppressed when the recipient opted out',
});

@ObjectType('Message', { description: 'One e-mail or SMS in the message log' })
export class MessageModel implements Omit<Message, 'createdBy'> {
  @Field(() => ID) id: string;
  @Field(() => MessageChannelValue) channel: MessageChannelValue;
  @Field() recipient: string;
  @Field() sender: string;
  @Field(() => String, { nullable: true }) subject: string | null;
  @Field(() => String, { nullable: true, description: 'Null for messages that carried a secret (reset links, codes)' }) bodyText:
    string | null;
  @Field() purpose: string;
  @Field(() => MessageStatusValue) status: MessageStatusValue;
  @Field(() => String, { nullable: true }) provider: string | null;
  @Field(() => String, { nullable: true }) providerMessageId: string | null;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => Date) queuedAt: string;
  @Field(() => Date, { nullable: true }) sentAt: string | null;
  @Field(() => Date, { nullable: true }) deliveredAt: string | null;
  @Field(() => Date, { nullable: true }) failedAt: string | null;
  @Field(() => Date) updatedAt: string;
}

@ObjectType('DeliverySettings')
export class DeliverySettingsModel implements DeliverySettings {
  @Field({ description: 'ses or log' }) emailProvider: string;
  @Field({ description: 'twilio or log' }) smsProvider: string;
  @Field(() => String, { nullable: true, description: "The local SES server's web view, where every sent e-mail can be read" })
  emailPreviewUrl: string | null;
}
