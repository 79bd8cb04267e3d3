import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { PosSettingsInput as PosSettingsContract, PosSettingsView } from '@salon/contracts';

@ObjectType('PosSettings', { description: "A location's checkout settings (defaults, version 0, until saved)" })
export class PosSettingsModel implements PosSettingsView {
  @Field(() => ID) locationId: string;
  @Field(() => Float, { description: 'Percent, e.g. 10.25' }) serviceTaxRate: number;
  @Field(() => Float, { description: 'Percent, e.g. 10.25' }) productTaxRate: number;
  @Field(() => [Float], { description: 'Tip percentages the desk offers' }) tipPresets: number[];
  @Field(() => Float, { description: 'A discount above this percentage needs apply_large_discounts' }) discountLimitPercent: number;
  @Field(() => Int, {
    nullable: true,
    description: 'Years a gift card sold here stays valid from issue (at least 5, US rules); null: never expires',
  })
  giftCardExpiryYears: number | null;
  @Field() currency: string;
  @Field(() => Int) version: number;
}

@InputType()
export class PosSettingsInput implements PosSettingsContract {
  @Field(() => Float) serviceTaxRate: number;
  @Field(() => Float) productTaxRate: number;
  @Field(() => [Float]) tipPresets: number[];
  @Field(() => Float) discountLimitPercent: number;
  @Field(() => Int, { nullable: true, description: 'Years from issue (5 to 50), null for never; omitted keeps what is saved' })
  giftCardExpiryYears?: number | null;
  @Field(() => Int, { nullable: true }) version?: number;
}
