import { Directive, Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import type { CreatePermissionGroupInput as CreatePermissionGroupInputContract, PermissionGroup } from '@salon/contracts';

@ObjectType('PermissionGroup')
@Directive('@key(fields: "id")')
export class PermissionGroupModel implements PermissionGroup {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => [String]) permissions: string[];
}

@ObjectType('PermissionDefinition')
export class PermissionDefinitionModel {
  @Field() name: string;
  @Field() label: string;
  @Field() category: string;
  @Field() description: string;
}

@InputType()
export class CreatePermissionGroupInput implements CreatePermissionGroupInputContract {
  @Field() name: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => [String], { nullable: true }) permissions?: string[];
}
