import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AdminOnly, CurrentAuth, type AuthContext } from '@salon/nest-kit';
import { StaffInvitationsUseCase } from '../use-cases/staff-invitations.use-case.js';
import { InviteStaffInput } from './user.input.js';
import { StaffInvitationModel } from './user.model.js';

@Resolver(() => StaffInvitationModel)
export class StaffInvitationResolver {
  constructor(private readonly invitations: StaffInvitationsUseCase) {}

  @AdminOnly()
  @Query(() => [StaffInvitationModel], { description: 'Invitations not accepted yet' })
  staffInvitations() {
    return this.invitations.listOpen();
  }

  @AdminOnly()
  @Mutation(() => StaffInvitationModel)
  inviteStaff(@CurrentAuth() auth: AuthContext, @Args('input') input: InviteStaffInput) {
    return this.invitations.invite(auth, input);
  }
}
