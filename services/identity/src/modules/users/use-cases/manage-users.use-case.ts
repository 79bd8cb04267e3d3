import { Injectable } from '@nestjs/common';
import { lineSchema, satisfies, TEXT_LIMITS, type Role } from '@salon/contracts';
import { ConflictError, ForbiddenError, NotFoundError, parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { TokenService } from '@salon/tokens';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { PermissionResolver } from '@salon/nest-kit';
import { hashPassword } from '../../sessions/domain/password-hasher.js';
import { isUuid, toE164, type User } from '@salon/contracts';
import {
  createUserSchema,
  hasBio,
  mayReadUser,
  mayWriteBio,
  staffBioSchema,
  staffPhotoSchema,
  updateUserSchema,
  usernameFromEmail,
} from '../domain/user-profile.js';
import type { UserEntity } from '../persistence/user.entity.js';
import { UserRepository } from '../persistence/user.repository.js';
import { UserViewsUseCase } from './user-views.use-case.js';

const listSearchSchema = z.object({ search: lineSchema(TEXT_LIMITS.search).nullish() });

@Injectable()
export class ManageUsersUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
    private readonly views: UserViewsUseCase,
    private readonly tokens: TokenService,
    private readonly permissions: PermissionResolver,
  ) {}

  async entity(id: string): Promise<UserEntity> {
    const user = isUuid(id) ? await this.users.findById(id) : null;
    if (!user) throw new NotFoundError(`User ${id} not found`);
    return user;
  }

  /** GET /api/users/{id} and `user(id)`: yourself, or anyone if you are admin. */
  async get(auth: AuthContext, id: string): Promise<UserEntity> {
    if (!mayReadUser(auth, id)) throw new ForbiddenError('Forbidden: only an admin may read another user');
    return this.entity(id);
  }

  async getView(auth: AuthContext, id: string): Promise<User> {
    return this.views.view(await this.get(auth, id));
  }

  /** Staff lists need view_staff; listing client accounts is for admins. */
  async list(
    auth: AuthContext,
    filter: { role?: Role | null; search?: string | null; includeInactive?: boolean | null },
  ): Promise<UserEntity[]> {
    const roles: Role[] = filter.role ? [filter.role] : ['admin', 'staff'];
    if (roles.includes('client') && auth.role !== 'admin') throw new ForbiddenError('Forbidden: only an admin may list client accounts');
    if (auth.role !== 'admin') {
      const held = await this.permissions.permissionsOf(auth.userId);
      if (!satisfies({ role: auth.role, permissions: held }, 'view_staff')) throw new ForbiddenError('Forbidden: requires view_staff');
    }
    // The search box goes into a LIKE: the text rule keeps a NUL from reaching the database.
    const { search } = parseInput(listSearchSchema, { search: filter.search });
    return this.users.list({ roles, search: search ?? undefined, includeInactive: filter.includeInactive ?? false });
  }

  async create(input: unknown): Promise<UserEntity> {
    const values = parseInput(createUserSchema, input);
    return this.dataSource.transaction(async (manager) => {
      if (await this.users.findByEmail(values.email, manager)) throw new ConflictError(`A user with e-mail ${values.email} already exists`);
      let username = values.username;
      if (username) {
        if ((await this.users.usernamesStartingWith(username, manager)).has(username.toLowerCase()))
          throw new ConflictError(`Username ${username} is taken`);
      } else {
        const base = usernameFromEmail(values.email, () => false);
        const taken = await this.users.usernamesStartingWith(base, manager);
        username = usernameFromEmail(values.email, (c) => taken.has(c));
      }
      return this.users.insert(
        {
          email: values.email,
          username,
          firstName: values.firstName,
          lastName: values.lastName,
          phone: values.phone ?? null,
          role: values.role,
          passwordHash: await hashPassword(values.password),
        },
        manager,
      );
    });
  }

  async update(auth: AuthContext, id: string, input: unknown): Promise<UserEntity> {
    const change = parseInput(updateUserSchema, input);
    const user = await this.entity(id);
    if (change.role && change.role !== user.role && user.id === auth.userId) {
      throw ValidationFailedError.field('role', 'you cannot change your own role');
    }
    if (change.email && change.email !== user.email) {
      const other = await this.users.findByEmail(change.email);
      if (other && other.id !== id) throw new ConflictError(`A user with e-mail ${change.email} already exists`);
    }
    // A new number is unproven: reset codes must not go to it until it is verified again.
    // Inputs arrive in E.164; a number stored as typed before that is compared in E.164 too.
    const phoneChanged = change.phone !== undefined && (change.phone ?? null) !== (user.phone ? (toE164(user.phone) ?? user.phone) : null);
    await this.users.update(id, phoneChanged ? { ...change, phoneVerifiedAt: null } : change);
    // A role change alters what the token claims: make the user sign in again.
    if (change.role && change.role !== user.role) await this.tokens.revokeAllForUser(id);
    return this.entity(id);
  }

  /** An admin, or the person themselves, writes the bio shown on online booking. */
  async setBio(auth: AuthContext, id: string, input: unknown): Promise<UserEntity> {
    if (!mayWriteBio(auth, id)) throw new ForbiddenError('Forbidden: only an admin or the person themselves may change a bio');
    const { bio } = parseInput(staffBioSchema, input);
    const user = await this.entity(id);
    if (!hasBio(user.role)) throw ValidationFailedError.field('bio', 'only staff members have a bio');
    await this.users.update(id, { bio });
    return this.entity(id);
  }

  /** The same rule as the bio: an admin, or the person themselves; a picture, or null to remove it. */
  async setPhoto(auth: AuthContext, id: string, input: unknown): Promise<UserEntity> {
    if (!mayWriteBio(auth, id)) throw new ForbiddenError('Forbidden: only an admin or the person themselves may change a photo');
    const { photo } = parseInput(staffPhotoSchema, input);
    const user = await this.entity(id);
    if (!hasBio(user.role)) throw ValidationFailedError.field('photo', 'only staff members have a profile photo');
    await this.users.update(id, { profilePicture: photo });
    return this.entity(id);
  }

  async setActive(auth: AuthContext, id: string, isActive: boolean): Promise<UserEntity> {
    if (id === auth.userId && !isActive) throw ValidationFailedError.field('isActive', 'you cannot deactivate yourself');
    await this.entity(id);
    await this.users.update(id, { isActive });
    if (!isActive) await this.tokens.revokeAllForUser(id);
    return this.entity(id);
  }
}
