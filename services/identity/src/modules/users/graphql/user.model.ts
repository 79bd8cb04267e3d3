import { Directive, Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { User } from '@salon/contracts';

export enum UserRole {
  admin = 'admin',
  staff = 'staff',
  client = 'client',
}
registerEnumType(UserRole, { name: 'UserRole', description: 'admin passes every check; client only books online' });

@ObjectType('User')
@Directive('@key(fields: "id")')
export class UserModel implements Omit<User, 'permissionGroups'> {
  @Field(() => ID) id: string;
  @Field() username: string;
  @Field(() => String, { nullable: true }) firstName: string | null;
  @Field(() => String, { nullable: true }) lastName: string | null;
  @Field() email: string;
  @Field(() => String, { nullable: true }) phone: string | null;
  @Field(() => UserRole) role: UserRole;
  @Field(() => String, { nullable: true }) profilePicture: string | null;
  @Field(() => String, { nullable: true, description: 'Shown to clients on online booking (staff and admins)' }) bio: string | null;
  @Field() isActive: boolean;
  @Field() createdAt: Date;
}

@ObjectType('StaffInvitation')
export class StaffInvitationModel {
  @Field(() => ID) id: string;
  @Field() email: string;
  @Field(() => String, { nullable: true }) firstName: string | null;
  @Field(() => String, { nullable: true }) lastName: string | null;
  @Field() expiresAt: Date;
  @Field(() => Date, { nullable: true }) acceptedAt: Date | null;
  @Field({ description: 'Shown once, when the invitation is made; empty afterwards' }) inviteUrl: string;
}
