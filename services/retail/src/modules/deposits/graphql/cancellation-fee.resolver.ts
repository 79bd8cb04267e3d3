import { Args, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { POS_PERMISSIONS, type CancellationFeeKind, type CancellationFeeView } from '@salon/contracts';
import { CurrentAuth, RequirePermission, type AuthContext } from '@salon/nest-kit';
import { CancellationFeesUseCase } from '../use-cases/cancellation-fees.use-case.js';

@ObjectType('FeeCard', { description: 'The card on file a fee is charged to (brand and last four only)' })
export class FeeCardModel {
  @Field() brand: string;
  @Field() last4: string;
}

@ObjectType('CancellationFee', { description: "An appointment's no-show or late-cancel fee under the location's booking policy" })
export class CancellationFeeModel implements CancellationFeeView {
  @Field(() => ID) appointmentId: string;
  @Field(() => String, { nullable: true, description: 'no_show | late_cancel' }) kind: CancellationFeeKind | null;
  @Field(() => String, { description: 'chargeable | charged | not_applicable' }) status: CancellationFeeView['status'];
  @Field(() => Int, { nullable: true }) amountMinor: number | null;
  @Field() currency: string;
  @Field(() => String, { nullable: true, description: 'The reason recorded on the fee, or why there is none' }) reason: string | null;
  @Field(() => FeeCardModel, { nullable: true }) card: FeeCardModel | null;
  @Field(() => ID, { nullable: true }) ticketId: string | null;
  @Field(() => String, { nullable: true, description: 'Why the last attempt was not charged' }) failureReason: string | null;
}

/** The same use-case and guards as /api/cancellation-fees. */
@Resolver()
export class CancellationFeeResolver {
  constructor(private readonly fees: CancellationFeesUseCase) {}

  @RequirePermission({ anyOf: [...POS_PERMISSIONS, 'charge_fees'] })
  @Query(() => CancellationFeeModel)
  cancellationFee(@Args('appointmentId', { type: () => ID }) appointmentId: string) {
    return this.fees.view(appointmentId);
  }

  @RequirePermission('charge_fees')
  @Mutation(() => CancellationFeeModel, { description: "Charges the appointment's no-show or late-cancel fee to the card on file, once" })
  chargeCancellationFee(@CurrentAuth() auth: AuthContext, @Args('appointmentId', { type: () => ID }) appointmentId: string) {
    return this.fees.charge(auth, appointmentId);
  }
}
