import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type {
  LineKind,
  ReceiptChannel,
  ReceiptLine,
  ReceiptRefund,
  ReceiptSendView,
  ReceiptTender,
  ReceiptView,
  TenderMethod,
} from '@salon/contracts';

@ObjectType('ReceiptLine')
export class ReceiptLineModel implements ReceiptLine {
  @Field(() => String, { description: 'service | product | fee | gift_card | membership | package' }) kind: LineKind;
  @Field() name: string;
  @Field(() => Int) quantity: number;
  @Field(() => Int) unitPriceMinor: number;
  @Field(() => String, { nullable: true, description: 'Who performed a service line' }) performer: string | null;
  @Field(() => Int) grossMinor: number;
  @Field(() => Int) discountMinor: number;
  @Field(() => String, { nullable: true }) discountReason: string | null;
  @Field(() => Int) taxMinor: number;
  @Field(() => Int) totalMinor: number;
  @Field(() => String, { nullable: true, description: 'A fee line’s reason, shown to the client' }) feeReason: string | null;
}

@ObjectType('ReceiptTender')
export class ReceiptTenderModel implements ReceiptTender {
  @Field(() => String) method: TenderMethod;
  @Field({ description: '"Cash", "Visa •••• 4242": never more of a card than its brand and last four' }) label: string;
  @Field(() => String, { nullable: true }) cardBrand: string | null;
  @Field(() => String, { nullable: true }) cardLast4: string | null;
  @Field(() => Int) amountMinor: number;
  @Field(() => Int, { nullable: true }) tenderedMinor: number | null;
  @Field(() => Int) changeMinor: number;
  @Field(() => Int) refundedMinor: number;
  @Field(() => Date) paidAt: string;
}

@ObjectType('ReceiptRefund')
export class ReceiptRefundModel implements ReceiptRefund {
  @Field(() => Int) amountMinor: number;
  @Field() reason: string;
  @Field() tender: string;
  @Field(() => Date) refundedAt: string;
}

@ObjectType('Receipt', { description: 'A closed ticket’s receipt' })
export class ReceiptModel implements ReceiptView {
  @Field(() => ID) ticketId: string;
  @Field(() => Int) ticketNumber: number;
  @Field() businessName: string;
  @Field(() => ID) locationId: string;
  @Field() locationName: string;
  @Field(() => String, { nullable: true }) locationAddress: string | null;
  @Field(() => String, { nullable: true }) locationPhone: string | null;
  @Field(() => Date) closedAt: string;
  @Field() timeZone: string;
  @Field(() => ID, { nullable: true }) clientId: string | null;
  @Field() currency: string;
  @Field(() => [ReceiptLineModel]) lines: ReceiptLineModel[];
  @Field(() => Int) subtotalMinor: number;
  @Field(() => Int) discountMinor: number;
  @Field(() => String, { nullable: true }) discountReason: string | null;
  @Field(() => Int) taxMinor: number;
  @Field(() => Int) tipMinor: number;
  @Field(() => Int) totalMinor: number;
  @Field(() => Int) paidMinor: number;
  @Field(() => Int) changeMinor: number;
  @Field(() => Int) refundedMinor: number;
  @Field(() => [ReceiptTenderModel]) tenders: ReceiptTenderModel[];
  @Field(() => [ReceiptRefundModel]) refunds: ReceiptRefundModel[];
}

@ObjectType('ReceiptSend', { description: 'A receipt asked of messaging for the ticket’s client' })
export class ReceiptSendModel implements ReceiptSendView {
  @Field(() => ID) id: string;
  @Field(() => ID) ticketId: string;
  @Field(() => ID) clientId: string;
  @Field(() => String, { description: 'email | sms' }) channel: ReceiptChannel;
  @Field(() => Date) requestedAt: string;
}
