import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, ConflictError, NotFoundError, parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { TokenService } from '@salon/tokens';
import { DataSource } from 'typeorm';
import type { IdentityConfig } from '../../../config.js';
import { PermissionGroupRepository } from '../../permissions/persistence/permission-group.repository.js';
import { hashPassword } from '../../sessions/domain/password-hasher.js';
import type { User } from '@salon/contracts';
import { acceptInvitationSchema, inviteStaffSchema, usernameFromEmail } from '../domain/user-profile.js';
import type { StaffInvitationEntity } from '../persistence/staff-invitation.entity.js';
import { StaffInvitationRepository } from '../persistence/staff-invitation.repository.js';
import { UserRepository } from '../persistence/user.repository.js';
import { UserViewsUseCase } from './user-views.use-case.js';

export interface StaffInvitationView {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  expiresAt: Date;
  acceptedAt: Date | null;
  inviteUrl: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Admins invite staff by e-mail; the invitee opens the link and sets a password. Only the token's
 * hash is stored; the link is shown once, when the invitation is made (e-mail delivery arrives with
 * the messaging service).
 */
@Injectable()
export class StaffInvitationsUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly dataSource: DataSource,
    private readonly invitations: StaffInvitationRepository,
    private readonly users: UserRepository,
    private readonly groups: PermissionGroupRepository,
    private readonly views: UserViewsUseCase,
    private readonly tokens: TokenService,
  ) {}

  async invite(auth: AuthContext, input: unknown): Promise<StaffInvitationView> {
    const values = parseInput(inviteStaffSchema, input);
    if (await this.users.findByEmail(values.email)) throw new ConflictError(`A user with e-mail ${values.email} already exists`);
    const groupIds = [...new Set(values.groupIds ?? [])];
    const found = await this.groups.findByIds(groupIds);
    if (found.length !== groupIds.length) throw ValidationFailedError.field('groupIds', 'names a permission group that does not exist');
    const token = randomBytes(32).toString('base64url');
    const invitation = await this.invitations.insert({
      email: values.email,
      firstName: values.firstName ?? null,
      lastName: values.lastName ?? null,
      groupIds,
      tokenHash: hashToken(token),
      invitedBy: auth.userId,
      expiresAt: new Date(Date.now() + this.config.INVITATION_TTL_HOURS * 3_600_000),
    });
    return this.view(invitation, token);
  }

  async listOpen(): Promise<StaffInvitationView[]> {
    return (await this.invitations.listOpen()).map((i) => this.view(i, null));
  }

  /** Creates the staff account and its group memberships in one transaction, then signs in. */
  async accept(input: unknown): Promise<{ token: string; user: User }> {
    const values = parseInput(acceptInvitationSchema, input);
    const user = await this.dataSource.transaction(async (manager) => {
      const invitation = await this.invitations.findByTokenHashForUpdate(hashToken(values.token), manager);
      if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() < Date.now()) {
        throw new NotFoundError('This invitation link is invalid, expired or already used');
      }
      if (await this.users.findByEmail(invitation.email, manager))
        throw new ConflictError(`A user with e-mail ${invitation.email} already exists`);
      const base = usernameFromEmail(invitation.email, () => false);
      const taken = await this.users.usernamesStartingWith(base, manager);
      const created = await this.users.insert(
        {
          email: invitation.email,
          username: usernameFromEmail(invitation.email, (c) => taken.has(c)),
          firstName: values.firstName ?? invitation.firstName,
          lastName: values.lastName ?? invitation.lastName,
          role: 'staff',
          passwordHash: await hashPassword(values.password),
        },
        manager,
      );
      for (const groupId of invitation.groupIds) await this.groups.addMember(groupId, created.id, manager);
      await this.invitations.markAccepted(invitation.id, created.id, manager);
      return created;
    });
    const { token } = await this.tokens.issue(user.id, user.role);
    return { token, user: await this.views.view(user) };
  }

  private view(invitation: StaffInvitationEntity, token: string | null): StaffInvitationView {
    const link = new URL('/accept-invitation', this.config.PUBLIC_URL);
    if (token) link.searchParams.set('token', token);
    return {
      id: invitation.id,
      email: invitation.email,
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      expiresAt: invitation.expiresAt,
      acceptedAt: invitation.acceptedAt,
      inviteUrl: token ? link.toString() : '',
    };
  }
}
