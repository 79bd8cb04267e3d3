import { Directive, Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import type { Location, LocationInput as LocationInputContract } from '@salon/contracts';

@ObjectType('Location')
@Directive('@key(fields: "id")')
export class LocationModel implements Location {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'IANA time zone, e.g. America/Chicago' }) timeZone: string;
  @Field() isDefault: boolean;
  @Field() isActive: boolean;
  @Field(() => String, { nullable: true }) address: string | null;
  @Field(() => String, { nullable: true }) phone: string | null;
}

@InputType()
export class LocationInput implements LocationInputContract {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) timeZone?: string;
  @Field(() => String, { nullable: true }) address?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
}
