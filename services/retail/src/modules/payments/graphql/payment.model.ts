import { Field, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type {
  PaymentStatus,
  PaymentView,
  PayTicketInput as PayTicketContract,
  RefundInput as RefundContract,
  RefundView,
  SaleView,
  TenderMethod,
} from '@salon/contracts';
import { TicketModel } from '../../tickets/graphql/ticket.model.js';

@ObjectType('Refund')
export class RefundModel implements RefundView {
  @Field(() => ID) id: string;
  @Field(() => ID) paymentId: string;
  @Field(() => ID) ticketId: string;
  @Field(() => Int) amountMinor: number;
  @Field() reason: string;
  @Field(() => ID, { nullable: true }) createdBy: string | null;
  @Field(() => Date) createdAt: string;
}

@ObjectType('Payment', { description: 'A tender on a ticket' })
export class PaymentModel implements PaymentView {
  @Field(() => ID) id: string;
  @Field(() => ID) ticketId: string;
  @Field(() => Int) ticketNumber: number;
  @Field(() => ID) locationId: string;
  @Field(() => ID, { nullable: true }) clientId: string | null;
  @Field(() => String, { description: 'cash | card | terminal | card_on_file | gift_card | prepaid_credit' }) method: TenderMethod;
  @Field(() => String, { description: 'pending | succeeded | failed | canceled' }) status: PaymentStatus;
  @Field(() => Int) amountMinor: number;
  @Field(() => Int, { nullable: true, description: 'Cash handed over' }) tenderedMinor: number | null;
  @Field(() => Int) changeMinor: number;
  @Field(() => Int) refundedMinor: number;
  @Field(() => Int, { description: 'What may still be refunded on this tender' }) refundableMinor: number;
  @Field() currency: string;
  @Field(() => [RefundModel]) refunds: RefundModel[];
  @Field(() => String, { nullable: true, description: 'Why the card was not charged (the processor’s words)' }) failureReason:
    string | null;
  @Field(() => String, { nullable: true, description: 'A card on file asking for authentication: the client’s confirm link' })
  actionUrl: string | null;
  @Field(() => String, { nullable: true, description: 'The card reader of a terminal tender' }) readerId: string | null;
  @Field(() => Int, { description: 'Added by the client on the card terminal (part of amountMinor)' }) tipMinor: number;
  @Field(() => String, { nullable: true, description: 'The card that paid: its brand (visa, mastercard…), once Stripe says so' })
  cardBrand?: string | null;
  @Field(() => String, { nullable: true, description: 'The card that paid: its last four digits, never more' }) cardLast4?: string | null;
  @Field(() => ID, { nullable: true }) createdBy: string | null;
  @Field(() => Date) createdAt: string;
}

@ObjectType('CardModal', {
  description: 'How the card modal shows: the hosted page (url) or Stripe’s Payment Element (publishableKey, clientSecret)',
})
export class CardModalModel {
  @Field({ description: 'hosted_page | payment_element' }) kind: string;
  @Field(() => String, { nullable: true }) url?: string | null;
  @Field(() => String, { nullable: true }) publishableKey?: string | null;
  @Field(() => String, { nullable: true }) clientSecret?: string | null;
}

@ObjectType('PayTicketResult')
export class PayTicketResultModel {
  @Field(() => PaymentModel) payment: PaymentModel;
  @Field(() => TicketModel) ticket: TicketModel;
  @Field(() => CardModalModel, { nullable: true, description: 'A card tender: the modal where the client types the card' })
  cardModal?: CardModalModel | null;
}

@ObjectType('SavedPaymentMethod', { description: 'A client’s saved card: brand, last four and expiry only' })
export class SavedPaymentMethodModel {
  @Field(() => ID) id: string;
  @Field() brand: string;
  @Field() last4: string;
  @Field(() => Int) expMonth: number;
  @Field(() => Int) expYear: number;
}

@ObjectType('CardReader', { description: 'A card terminal registered at a location' })
export class CardReaderModel {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field() label: string;
  @Field() deviceType: string;
}

@ObjectType('RefundResult')
export class RefundResultModel {
  @Field(() => RefundModel) refund: RefundModel;
  @Field(() => PaymentModel) payment: PaymentModel;
  @Field(() => TicketModel) ticket: TicketModel;
}

@ObjectType('SaleItem')
export class SaleItemModel {
  @Field() kind: string;
  @Field() name: string;
  @Field(() => Int) quantity: number;
  @Field(() => String, { nullable: true }) staffName: string | null;
}

@ObjectType('Sale', { description: 'A closed ticket in the sales history' })
export class SaleModel implements SaleView {
  @Field(() => ID) ticketId: string;
  @Field(() => Int) number: number;
  @Field(() => ID) locationId: string;
  @Field(() => ID, { nullable: true }) clientId: string | null;
  @Field(() => Date) closedAt: string;
  @Field(() => [SaleItemModel]) items: SaleItemModel[];
  @Field(() => Int) subtotalMinor: number;
  @Field(() => Int) discountMinor: number;
  @Field(() => Int) taxMinor: number;
  @Field(() => Int) tipMinor: number;
  @Field(() => Int) totalMinor: number;
  @Field(() => Int) refundedMinor: number;
  @Field(() => [String]) methods: TenderMethod[];
  @Field() currency: string;
}

@InputType('PayTicketInput')
export class PayTicketInput implements PayTicketContract {
  @Field(() => String, { description: 'cash | card | terminal | card_on_file | gift_card | prepaid_credit' }) method: TenderMethod;
  @Field(() => Int) amountMinor: number;
  @Field(() => Int, { nullable: true, description: 'Cash handed over; the rest is change' }) tenderedMinor?: number;
  @Field(() => String, { nullable: true, description: 'terminal: the registered reader' }) readerId?: string;
  @Field(() => String, { nullable: true, description: 'card_on_file: the saved card' }) savedCardId?: string;
  @Field(() => String, { nullable: true, description: 'gift_card: the card’s code' }) giftCardCode?: string;
  @Field(() => ID, { nullable: true, description: 'prepaid_credit: the client’s membership or package' }) prepaidId?: string;
  @Field(() => ID, { nullable: true, description: 'prepaid_credit: the service line the session pays' }) lineId?: string;
}

@InputType('RegisterCardReaderInput')
export class RegisterCardReaderInput {
  @Field(() => ID) locationId: string;
  @Field({ description: 'The code the reader shows (simulated-wpe locally)' }) registrationCode: string;
  @Field() label: string;
}

@InputType('RefundInput')
export class RefundInput implements RefundContract {
  @Field(() => Int) amountMinor: number;
  @Field() reason: string;
  @Field(() => Boolean, { nullable: true, description: "Put the ticket's sold products back in stock" }) restock?: boolean;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Void the gift cards, memberships and packages the ticket sold (refused when any was used)',
  })
  voidPrepaid?: boolean;
}
