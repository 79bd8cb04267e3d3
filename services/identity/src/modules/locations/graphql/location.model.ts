import { Directive, Field, ID, InputType, ObjectType } from '@nestjs/graphql';

@ObjectType('Location')
@Directive('@key(fields: "id")')
export class LocationModel {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'IANA time zone, e.g. America/Chicago' }) timeZone: string;
  @Field() isDefault: boolean;
  @Field() isActive: boolean;
  @Field(() => String, { nullable: true }) address: string | null;
  @Field(() => String, { nullable: true }) phone: string | null;
}

@InputType()
export class LocationInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) timeZone?: string;
  @Field(() => String, { nullable: true }) address?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => Boolean, { nullable: true }) isActive?: boolean;
}
