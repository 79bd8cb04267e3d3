import { Field, ID, Int, ObjectType } from '@nestjs/graphql';
import type {
  GiftCardBalanceView,
  GiftCardEntryKind,
  GiftCardEntryView,
  GiftCardKind,
  GiftCardListView,
  GiftCardView,
} from '@salon/contracts';

@ObjectType('GiftCardEntry', { description: 'One entry of a gift card’s ledger (signed amount)' })
export class GiftCardEntryModel implements GiftCardEntryView {
  @Field(() => ID) id: string;
  @Field(() => String, { description: 'issued | redeemed | refunded | adjusted | expired' }) kind: GiftCardEntryKind;
  @Field(() => Int) amountMinor: number;
  @Field(() => Int) balanceAfterMinor: number;
  @Field(() => ID, { nullable: true }) ticketId: string | null;
  @Field(() => ID, { nullable: true }) paymentId: string | null;
  @Field(() => String, { nullable: true }) reason: string | null;
  @Field(() => Date) createdAt: string;
}

@ObjectType('GiftCard', { description: 'A gift certificate or card with its balance and ledger' })
export class GiftCardModel implements GiftCardView {
  @Field(() => ID) id: string;
  @Field() code: string;
  @Field(() => String, { description: 'certificate | card' }) kind: GiftCardKind;
  @Field(() => Int) initialMinor: number;
  @Field(() => Int) balanceMinor: number;
  @Field() currency: string;
  @Field(() => String, { description: 'active | empty | expired' }) status: 'active' | 'empty' | 'expired';
  @Field(() => ID, { nullable: true }) clientId: string | null;
  @Field(() => ID) locationId: string;
  @Field(() => ID, { nullable: true }) soldOnTicketId: string | null;
  @Field(() => Date) issuedAt: string;
  @Field(() => Date, { nullable: true }) expiresAt: string | null;
  @Field(() => [GiftCardEntryModel]) entries: GiftCardEntryModel[];
}

@ObjectType('GiftCardList')
export class GiftCardListModel implements GiftCardListView {
  @Field(() => [GiftCardModel]) cards: GiftCardModel[];
  @Field(() => Int, { description: 'What every active card still holds' }) liabilityMinor: number;
}

@ObjectType('GiftCardBalance')
export class GiftCardBalanceModel implements GiftCardBalanceView {
  @Field() code: string;
  @Field(() => Int) balanceMinor: number;
  @Field() currency: string;
  @Field(() => String) status: 'active' | 'empty' | 'expired';
  @Field(() => Date, { nullable: true }) expiresAt: string | null;
}
