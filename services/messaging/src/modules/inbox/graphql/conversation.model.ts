import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type { ConversationMessageView, ConversationView } from '@salon/contracts';

@ObjectType('Conversation', { description: 'The SMS conversation with one phone number' })
export class ConversationModel implements ConversationView {
  @Field(() => ID) id: string;
  @Field() phone: string;
  @Field(() => ID, { nullable: true, description: 'Null: a number no client was texted at' }) clientId: string | null;
  @Field(() => String, { nullable: true }) clientName: string | null;
  @Field(() => Date) lastMessageAt: string;
  @Field() lastMessageText: string;
  @Field(() => Int) unread: number;
}

@ObjectType('ConversationMessage')
export class ConversationMessageModel implements ConversationMessageView {
  @Field(() => ID) id: string;
  @Field(() => String) direction: 'inbound' | 'outbound';
  @Field() body: string;
  @Field(() => Date) at: string;
  @Field(() => String, { nullable: true, description: 'What a reminder reply did: confirmed | cancelled' }) action: string | null;
  @Field(() => String, { nullable: true, description: 'Outbound: the message status' }) status: string | null;
}
