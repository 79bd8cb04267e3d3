import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { ReceiptDeliveryStatus, ReceiptDeliveryView } from '@salon/contracts';

@ObjectType('ReceiptDelivery', { description: 'How a receipt retail asked to send went' })
export class ReceiptDeliveryModel implements ReceiptDeliveryView {
  @Field(() => ID) sendId: string;
  @Field(() => ID) ticketId: string;
  @Field(() => String, { description: 'email | sms' }) channel: 'email' | 'sms';
  @Field(() => String, { nullable: true }) recipient: string | null;
  @Field(() => String, { description: 'refused | queued | sending | sent | delivered | failed | suppressed' })
  status: ReceiptDeliveryStatus;
  @Field(() => String, { nullable: true, description: 'Why it was refused, or the provider’s error' }) reason: string | null;
  @Field(() => Date) createdAt: string;
}
