import { Field, Float, ID, InputType, Int, ObjectType } from '@nestjs/graphql';
import type { DepositRule } from '@salon/contracts';

@ObjectType('ServiceProcessing')
export class ServiceProcessingModel {
  @Field(() => Int) startAfterMin: number;
  @Field(() => Int) durationMin: number;
}

@ObjectType('ServiceStaffOverride')
export class ServiceStaffModel {
  @Field(() => ID) staffId: string;
  @Field(() => Int, { nullable: true }) durationMin: number | null;
  @Field(() => Int, { nullable: true }) priceMinor: number | null;
}

@ObjectType('ServiceDeposit')
export class ServiceDepositModel {
  @Field(() => String, { description: 'fixed | percent' }) type: 'fixed' | 'percent';
  @Field(() => Int, { nullable: true, description: 'For fixed: minor units (cents)' }) amountMinor?: number;
  @Field(() => Float, { nullable: true, description: 'For percent: 1–100' }) percent?: number;
}

@ObjectType('Service')
export class ServiceModel {
  @Field(() => ID) id: string;
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) category: string | null;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => Int) durationMin: number;
  @Field(() => Int, { description: 'Minor units (cents)' }) priceMinor: number;
  @Field() currency: string;
  @Field(() => Int) bufferBeforeMin: number;
  @Field(() => Int) bufferAfterMin: number;
  @Field(() => ServiceProcessingModel, { nullable: true }) processing: ServiceProcessingModel | null;
  @Field(() => String, { nullable: true }) roomType: string | null;
  @Field(() => [String]) deviceTypes: string[];
  @Field() onlineBookable: boolean;
  @Field(() => ServiceDepositModel, { nullable: true, description: 'What a client pays when booking online' })
  deposit: DepositRule | null;
  @Field() active: boolean;
  @Field(() => [ServiceStaffModel]) staff: ServiceStaffModel[];
  @Field(() => Int) version: number;
}

@ObjectType('Resource')
export class ResourceModel {
  @Field(() => ID) id: string;
  @Field() kind: string;
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field() type: string;
  @Field(() => Int) capacity: number;
  @Field() active: boolean;
}

@InputType()
export class ResourceInput {
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field() type: string;
  @Field(() => Int, { nullable: true, description: 'Places (default 1)' }) capacity?: number;
  @Field(() => Boolean, { nullable: true }) active?: boolean;
}

@InputType()
export class ServiceProcessingInput {
  @Field(() => Int) startAfterMin: number;
  @Field(() => Int) durationMin: number;
}

@InputType()
export class ServiceStaffInput {
  @Field(() => ID) staffId: string;
  @Field(() => Int, { nullable: true }) durationMin?: number | null;
  @Field(() => Int, { nullable: true }) priceMinor?: number | null;
}

@InputType()
export class ServiceDepositInput {
  @Field(() => String, { description: 'fixed | percent' }) type: string;
  @Field(() => Int, { nullable: true }) amountMinor?: number | null;
  @Field(() => Float, { nullable: true }) percent?: number | null;
}

/** The same fields as POST /api/services (serviceInputSchema in contracts checks them). */
@InputType()
export class ServiceInput {
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) category?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Int) durationMin: number;
  @Field(() => Int, { description: 'Minor units (cents)' }) priceMinor: number;
  @Field(() => String, { nullable: true, description: 'ISO 4217 (default USD)' }) currency?: string | null;
  @Field(() => Int, { nullable: true }) bufferBeforeMin?: number | null;
  @Field(() => Int, { nullable: true }) bufferAfterMin?: number | null;
  @Field(() => ServiceProcessingInput, { nullable: true }) processing?: ServiceProcessingInput | null;
  @Field(() => String, { nullable: true }) roomType?: string | null;
  @Field(() => [String], { nullable: true }) deviceTypes?: string[] | null;
  @Field(() => Boolean, { nullable: true }) onlineBookable?: boolean | null;
  @Field(() => ServiceDepositInput, { nullable: true }) deposit?: ServiceDepositInput | null;
  @Field(() => Boolean, { nullable: true }) active?: boolean | null;
  @Field(() => [ServiceStaffInput], { nullable: true }) staff?: ServiceStaffInput[] | null;
}
