import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { BookingDesignView } from '@salon/contracts';

@ObjectType('BookingDesign')
export class BookingDesignModel implements BookingDesignView {
  @Field() primaryColor: string;
  @Field() backgroundColor: string;
  @Field(() => String, { nullable: true, description: 'An https address or a data: image' }) logoUrl: string | null;
  @Field(() => String, { nullable: true }) headline: string | null;
  @Field(() => String, { nullable: true }) intro: string | null;
  @Field(() => String, { nullable: true }) policies: string | null;
  @Field() allowAnyStaff: boolean;
  @Field(() => [String], { nullable: true, description: 'null: every active, online-bookable service' }) offeredServiceIds: string[] | null;
  @Field(() => [String], { nullable: true, description: 'null: everyone who performs the service' }) offeredStaffIds: string[] | null;
  @Field(() => Int) version: number;
  @Field(() => String, { nullable: true }) updatedAt: string | null;
}

@InputType()
export class BookingDesignInput {
  @Field() primaryColor: string;
  @Field() backgroundColor: string;
  @Field(() => String, { nullable: true }) logoUrl?: string | null;
  @Field(() => String, { nullable: true }) headline?: string | null;
  @Field(() => String, { nullable: true }) intro?: string | null;
  @Field(() => String, { nullable: true }) policies?: string | null;
  @Field(() => [String], { nullable: true }) offeredServiceIds?: string[] | null;
  @Field(() => [String], { nullable: true }) offeredStaffIds?: string[] | null;
  @Field(() => Boolean, { nullable: true }) allowAnyStaff?: boolean;
  @Field(() => Int, { description: 'The version read; a stale one is refused (CONFLICT with the current design in extensions.details)' })
  version: number;
}
