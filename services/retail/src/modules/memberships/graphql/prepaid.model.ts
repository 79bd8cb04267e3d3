import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type {
  ClientPrepaidView,
  MembershipActionInput as MembershipActionContract,
  MembershipBilling,
  MembershipPlanChangeInput as MembershipPlanChangeContract,
  MembershipStatus,
  PrepaidPlanInput as PrepaidPlanContract,
  PrepaidPlanKind,
  PrepaidPlanView,
  PrepaidSuggestion,
} from '@salon/contracts';

@ObjectType('PrepaidPlan', { description: 'A membership (credits each month or year) or a package (sessions) the desk sells' })
export class PrepaidPlanModel implements PrepaidPlanView {
  @Field(() => ID) id: string;
  @Field(() => String, { description: 'membership | package' }) kind: PrepaidPlanKind;
  @Field() name: string;
  @Field(() => Int) priceMinor: number;
  @Field(() => String, { nullable: true, description: 'month | year (memberships)' }) period: 'month' | 'year' | null;
  @Field(() => Int, { description: 'Included services per period, or sessions in the package' }) credits: number;
  @Field(() => [ID], { description: 'Services a credit pays; empty: any' }) serviceIds: string[];
  @Field(() => Float) discountPercent: number;
  @Field(() => Int, { nullable: true }) validityDays: number | null;
  @Field(() => Int, { description: "Memberships: days members see online booking times beyond the location's window" })
  priorityBookingDays: number;
  @Field() active: boolean;
}

@ObjectType('PrepaidCreditEntry')
export class PrepaidCreditEntryModel {
  @Field(() => ID) id: string;
  @Field(() => String, { description: 'granted | redeemed | restored | reset' }) kind: 'granted' | 'redeemed' | 'restored' | 'reset';
  @Field(() => Int) credits: number;
  @Field(() => Int) creditsAfter: number;
  @Field(() => ID, { nullable: true }) ticketId: string | null;
  @Field(() => String, { nullable: true }) lineName: string | null;
  @Field(() => Date) createdAt: string;
}

@ObjectType('ClientPrepaid', { description: 'A membership or package a client holds' })
export class ClientPrepaidModel implements ClientPrepaidView {
  @Field(() => ID) id: string;
  @Field(() => String) kind: PrepaidPlanKind;
  @Field(() => ID) planId: string;
  @Field() planName: string;
  @Field(() => ID) clientId: string;
  @Field(() => String, { description: 'active | paused | past_due | cancelled | expired | used_up' }) status: MembershipStatus;
  @Field(() => Int) creditsLeft: number;
  @Field(() => Int) creditsPerPeriod: number;
  @Field(() => [ID]) serviceIds: string[];
  @Field(() => Float) discountPercent: number;
  @Field(() => Date) periodStart: string;
  @Field(() => Date, { nullable: true }) periodEnd: string | null;
  @Field() cancelAtPeriodEnd: boolean;
  @Field(() => ID, { nullable: true }) soldOnTicketId: string | null;
  @Field(() => String, {
    description: 'stripe: renews through a Stripe subscription on the card on file | none: sold without one, the desk renews it',
  })
  billing: MembershipBilling;
  @Field(() => [PrepaidCreditEntryModel]) entries: PrepaidCreditEntryModel[];
}

@ObjectType('PrepaidSuggestion', { description: 'Prepaid value to apply to a ticket, best for the client first' })
export class PrepaidSuggestionModel implements PrepaidSuggestion {
  @Field(() => String, { description: 'package | membership | gift_card' }) source: 'package' | 'membership' | 'gift_card';
  @Field(() => ID, { nullable: true }) prepaidId: string | null;
  @Field(() => String, { nullable: true }) giftCardCode: string | null;
  @Field() label: string;
  @Field(() => ID, { nullable: true }) lineId: string | null;
  @Field(() => String, { nullable: true }) lineName: string | null;
  @Field(() => Int) amountMinor: number;
}

@InputType('PrepaidPlanInput')
export class PrepaidPlanInput implements PrepaidPlanContract {
  @Field(() => String) kind: PrepaidPlanKind;
  @Field() name: string;
  @Field(() => Int) priceMinor: number;
  @Field(() => String, { nullable: true }) period?: 'month' | 'year' | null;
  @Field(() => Int) credits: number;
  @Field(() => [ID], { nullable: true }) serviceIds?: string[];
  @Field(() => Float, { nullable: true }) discountPercent?: number;
  @Field(() => Int, { nullable: true }) validityDays?: number | null;
  @Field(() => Int, { nullable: true }) priorityBookingDays?: number;
}

@InputType('MembershipActionInput')
export class MembershipActionInput implements MembershipActionContract {
  @Field(() => String, { description: 'pause | resume | cancel' }) action: 'pause' | 'resume' | 'cancel';
  @Field(() => String, { nullable: true, description: 'cancel: now | period_end (the default)' }) when?: 'now' | 'period_end';
}

@InputType('MembershipPlanChangeInput')
export class MembershipPlanChangeInput implements MembershipPlanChangeContract {
  @Field(() => ID, { description: 'A membership plan of the same period' }) planId: string;
}
