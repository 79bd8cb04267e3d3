import { Field, ID, InputType } from '@nestjs/graphql';
import type {
  CreateUserInput as CreateUserContract,
  InviteStaffInput as InviteStaffContract,
  UpdateUserInput as UpdateUserContract,
} from '@salon/contracts';
import { UserRole } from './user.model.js';

// Shapes only: the rules (formats, lengths) live in the domain schemas the use-cases apply.
@InputType()
export class CreateUserInput implements CreateUserContract {
  @Field() email: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field(() => UserRole) role: UserRole;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field() password: string;
  @Field(() => String, { nullable: true }) username?: string;
}

@InputType()
export class UpdateUserInput implements UpdateUserContract {
  @Field(() => String, { nullable: true }) email?: string;
  @Field(() => String, { nullable: true }) firstName?: string;
  @Field(() => String, { nullable: true }) lastName?: string;
  @Field(() => String, { nullable: true }) phone?: string | null;
  @Field(() => UserRole, { nullable: true }) role?: UserRole;
  @Field(() => String, { nullable: true }) profilePicture?: string | null;
}

@InputType()
export class InviteStaffInput implements InviteStaffContract {
  @Field() email: string;
  @Field(() => String, { nullable: true }) firstName?: string;
  @Field(() => String, { nullable: true }) lastName?: string;
  @Field(() => [ID], { nullable: true }) groupIds?: string[];
}
