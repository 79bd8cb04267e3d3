import { Field, InputType, ObjectType } from '@nestjs/graphql';
import type { ColorPreferences, ColorPreferencesInput as ColorPreferencesInputContract } from '@salon/contracts';

@ObjectType('ColorPreferences')
export class ColorPreferencesModel implements ColorPreferences {
  @Field() primaryColor: string;
  @Field() isDarkMode: boolean;
  @Field() primaryTextColor: string;
  @Field() secondaryTextColor: string;
  @Field(() => [String]) savedBrandColors: string[];
  @Field(() => [String]) savedTextColors: string[];
}

@InputType()
export class ColorPreferencesInput implements ColorPreferencesInputContract {
  @Field(() => String, { nullable: true }) primaryColor?: string;
  @Field(() => Boolean, { nullable: true }) isDarkMode?: boolean;
  @Field(() => String, { nullable: true }) primaryTextColor?: string;
  @Field(() => String, { nullable: true }) secondaryTextColor?: string;
  @Field(() => [String], { nullable: true }) savedBrandColors?: string[];
  @Field(() => [String], { nullable: true }) savedTextColors?: string[];
}
