import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('PayRule', { description: "One version of a person's pay rule, in force from effectiveFrom" })
export class PayRuleModel {
  @Field(() => ID) id: string;
  @Field(() => ID) staffId: string;
  @Field(() => Int) version: number;
  @Field() effectiveFrom: string;
  @Field({ description: 'The rule in words' }) summary: string;
  @Field(() => String, { nullable: true }) note: string | null;
  @Field() createdAt: string;
}
