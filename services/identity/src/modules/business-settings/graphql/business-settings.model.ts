import { Field, InputType, ObjectType } from '@nestjs/graphql';
import type { BusinessSettings, BusinessSettingsInput as BusinessSettingsInputContract } from '@salon/contracts';

@ObjectType('BusinessSettings')
export class BusinessSettingsModel implements BusinessSettings {
  @Field() businessName: string;
  @Field(() => String, { nullable: true }) businessLogo: string | null;
  @Field() timeZone: string;
  @Field() currency: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => String, { nullable: true }) email: string | null;
  @Field(() => String, { nullable: true }) website: string | null;
}

@InputType()
export class BusinessSettingsInput implements BusinessSettingsInputContract {
  @Field(() => String, { nullable: true }) businessName?: string;
  @Field(() => String, { nullable: true }) businessLogo?: string | null;
  @Field(() => String, { nullable: true }) timeZone?: string;
  @Field(() => String, { nullable: true }) currency?: string;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) website?: string | null;
}
