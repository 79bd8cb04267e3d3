import { Directive, Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type {
  CheckoutAppointmentView,
  DiscountView,
  LineKind,
  OpenTicketInput as OpenTicketContract,
  TicketLineInput as TicketLineContract,
  TicketLineView,
  TicketStatus,
  TicketView,
  TipInput as TipContract,
  TipShare,
  TipView,
  UpdateTicketInput as UpdateTicketContract,
  VoidTicketInput as VoidTicketContract,
} from '@salon/contracts';
import { ClientReference } from '../../../common/client-reference.model.js';

@ObjectType('TicketDiscount')
export class TicketDiscountModel implements DiscountView {
  @Field(() => String, { description: 'amount | percent' }) type: 'amount' | 'percent';
  @Field(() => Int, { nullable: true }) amountMinor: number | null;
  @Field(() => Float, { nullable: true }) percent: number | null;
  @Field() reason: string;
}

@ObjectType('TipShare')
export class TipShareModel implements TipShare {
  @Field(() => ID, { nullable: true, description: 'Null: service lines nobody performed' }) staffId: string | null;
  @Field(() => String, { nullable: true }) staffName: string | null;
  @Field(() => Int) amountMinor: number;
}

@ObjectType('TicketTip')
export class TicketTipModel implements TipView {
  @Field(() => String, { description: 'percent | amount' }) mode: 'percent' | 'amount';
  @Field(() => Float, { nullable: true }) percent: number | null;
  @Field(() => Int) amountMinor: number;
  @Field(() => Int, { description: 'The pre-discount service total a percentage is taken of' }) baseMinor: number;
  @Field(() => String, { description: 'proportional | manual' }) splitMode: 'proportional' | 'manual';
  @Field(() => [TipShareModel]) split: TipShareModel[];
}

@ObjectType('TicketLine')
export class TicketLineModel implements TicketLineView {
  @Field(() => ID) id: string;
  @Field(() => String, { description: 'service | product | fee | gift_card | membership | package' }) kind: LineKind;
  @Field() name: string;
  @Field(() => Int) quantity: number;
  @Field(() => Int) unitPriceMinor: number;
  @Field(() => Int, { nullable: true, description: 'The booked or catalogue price; null for a typed price' }) listUnitPriceMinor:
    number | null;
  @Field(() => ID, { nullable: true }) staffId: string | null;
  @Field(() => String, { nullable: true }) staffName: string | null;
  @Field(() => ID, { nullable: true }) appointmentId: string | null;
  @Field(() => ID, { nullable: true }) serviceId: string | null;
  @Field(() => ID, { nullable: true }) productId: string | null;
  @Field(() => ID, { nullable: true, description: 'The membership or package plan the line sells' }) planId?: string | null;
  @Field(() => String, { nullable: true, description: 'The physical gift card number the line sells' }) cardCode?: string | null;
  @Field(() => String, { nullable: true, description: 'Why a fee line was charged (shown on the receipt)' }) reason?: string | null;
  @Field(() => TicketDiscountModel, { nullable: true }) discount: TicketDiscountModel | null;
  @Field(() => Int) grossMinor: number;
  @Field(() => Int, { description: "The line's discount plus its share of the ticket's" }) discountMinor: number;
  @Field(() => Int) netMinor: number;
  @Field(() => Float) taxRate: number;
  @Field(() => Int) taxMinor: number;
  @Field(() => Int) totalMinor: number;
}

@ObjectType('Ticket', { description: 'A visit checked out at a location; every total computed by the retail service' })
@Directive('@key(fields: "id")')
export class TicketModel implements TicketView {
  @Field(() => ID) id: string;
  @Field(() => Int) number: number;
  @Field(() => ID) locationId: string;
  @Field(() => ID, { nullable: true }) clientId: string | null;
  @Field(() => String, { description: 'open | closed | voided' }) status: TicketStatus;
  @Field(() => [ID]) appointmentIds: string[];
  @Field(() => [TicketLineModel]) lines: TicketLineModel[];
  @Field(() => TicketDiscountModel, { nullable: true }) discount: TicketDiscountModel | null;
  @Field(() => TicketTipModel, { nullable: true }) tip: TicketTipModel | null;
  @Field() currency: string;
  @Field(() => Float) serviceTaxRate: number;
  @Field(() => Float) productTaxRate: number;
  @Field(() => Int) subtotalMinor: number;
  @Field(() => Int) discountMinor: number;
  @Field(() => Int) taxMinor: number;
  @Field(() => Int) tipMinor: number;
  @Field(() => Int) totalMinor: number;
  @Field(() => Int) paidMinor: number;
  @Field(() => Int) refundedMinor: number;
  @Field(() => Int) balanceMinor: number;
  @Field(() => ID, { nullable: true }) openedBy: string | null;
  @Field(() => Date) openedAt: string;
  @Field(() => Date, { nullable: true }) closedAt: string | null;
  @Field(() => Date, { nullable: true }) voidedAt: string | null;
  @Field(() => String, { nullable: true }) voidReason: string | null;
  @Field(() => Int) version: number;
  @Field(() => ClientReference, { nullable: true, description: 'Null for a walk-in without a client' }) client?: ClientReference | null;
}

@ObjectType('CheckoutAppointment', { description: 'An appointment of the day that can be checked out, with the ticket it is on' })
export class CheckoutAppointmentModel implements CheckoutAppointmentView {
  @Field(() => ID) appointmentId: string;
  @Field(() => ID) locationId: string;
  @Field(() => ID) clientId: string;
  @Field() status: string;
  @Field(() => Date) startsAt: string;
  @Field(() => Date) endsAt: string;
  @Field() serviceName: string;
  @Field(() => [ID]) staffIds: string[];
  @Field(() => Int) priceMinor: number;
  @Field(() => ID, { nullable: true }) ticketId: string | null;
  @Field(() => String, { nullable: true }) ticketStatus: TicketStatus | null;
  @Field(() => ClientReference, { nullable: true, description: 'Null when the caller may not read clients' })
  client?: ClientReference | null;
}

@InputType('TicketDiscountInput')
export class TicketDiscountInput {
  @Field(() => String, { description: 'amount | percent' }) type: 'amount' | 'percent';
  @Field(() => Int, { nullable: true }) amountMinor?: number;
  @Field(() => Float, { nullable: true }) percent?: number;
  @Field() reason: string;
}

@InputType('TipShareInput')
export class TipShareInput {
  @Field(() => ID, { nullable: true }) staffId: string | null;
  @Field(() => Int) amountMinor: number;
}

@InputType('TipInput')
export class TipInput implements TipContract {
  @Field(() => Float, { nullable: true, description: 'A percentage of the pre-discount service total' }) percent?: number;
  @Field(() => Int, { nullable: true }) amountMinor?: number;
  @Field(() => [TipShareInput], { nullable: true, description: 'By hand; absent: proportional to service totals' }) split?: TipShareInput[];
}

@InputType('TicketLineInput')
export class TicketLineInput implements Omit<TicketLineContract, 'discount'> {
  @Field(() => ID, { nullable: true, description: 'An existing line' }) id?: string;
  @Field(() => String, { nullable: true, description: 'service | product | fee | gift_card (an item at a typed price)' }) kind?: LineKind;
  @Field(() => ID, { nullable: true, description: 'A catalogue service, at its price' }) serviceId?: string;
  @Field(() => ID, { nullable: true, description: 'A product, at its price and tax class' }) productId?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => Int, { nullable: true }) quantity?: number;
  @Field(() => Int, { nullable: true }) unitPriceMinor?: number;
  @Field(() => ID, { nullable: true }) staffId?: string | null;
  @Field(() => TicketDiscountInput, { nullable: true }) discount?: TicketDiscountInput | null;
  @Field(() => ID, { nullable: true, description: 'A membership or package plan (kind membership or package)' }) planId?: string;
  @Field(() => String, { nullable: true, description: 'A physical gift card number (kind gift_card); none: generated' }) cardCode?: string;
  @Field(() => String, { nullable: true, description: 'Why a fee is charged (kind fee; required for a new one): shown on the receipt' })
  reason?: string;
}

@InputType('OpenTicketInput')
export class OpenTicketInput implements OpenTicketContract {
  @Field(() => ID) locationId: string;
  @Field(() => [ID], { nullable: true }) appointmentIds?: string[];
  @Field(() => ID, { nullable: true }) clientId?: string | null;
}

@InputType('UpdateTicketInput')
export class UpdateTicketInput implements Omit<UpdateTicketContract, 'lines' | 'discount' | 'tip'> {
  @Field(() => Int) version: number;
  @Field(() => [TicketLineInput], { nullable: true, description: 'Replaces the lines' }) lines?: TicketLineInput[];
  @Field(() => TicketDiscountInput, { nullable: true, description: 'null removes it' }) discount?: TicketDiscountInput | null;
  @Field(() => TipInput, { nullable: true, description: 'null removes it' }) tip?: TipInput | null;
  @Field(() => ID, { nullable: true }) clientId?: string | null;
}

@InputType('VoidTicketInput')
export class VoidTicketInput implements VoidTicketContract {
  @Field() reason: string;
}
