import { Directive, Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import type { CreatePermissionGroupInput as CreatePermissionGroupInputContract, PermissionGroup } from '@salon/contracts';

@ObjectType('PermissionGroup')
@Directive('@key(fields: "id")')
// `permissions` is a field resolver with its own read rule (permission-group.resolver.ts).
export class PermissionGroupModel implements Omit<PermissionGroup, 'permissions'> {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) description: string | null;
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
