import { Injectable } from '@nestjs/common';
import { satisfies, type PermissionName } from '@salon/contracts';
import { ForbiddenError, PermissionResolver, type AuthContext } from '@salon/nest-kit';

/**
 * "Own or managed": a person reads their own time sheet and earnings; someone else's needs the
 * managing permission (admin passes). Checked in the use-case because the route's permission
 * alone cannot tell whose record is asked for.
 */
@Injectable()
export class Access {
  constructor(private readonly permissions: PermissionResolver) {}

  async holds(auth: AuthContext, permission: PermissionName): Promise<boolean> {
    if (auth.role === 'admin') return true;
    return satisfies({ role: auth.role, permissions: await this.permissions.permissionsOf(auth.userId) }, permission);
  }

  async require(auth: AuthContext, permission: PermissionName, what: string): Promise<void> {
    if (!(await this.holds(auth, permission))) throw new ForbiddenError(`${what} needs the ${permission} permission`);
  }

  /** The staff id asked for, or the caller's own; someone else's needs `permission`. */
  async ownOr(auth: AuthContext, staffId: string | null | undefined, permission: PermissionName, what: string): Promise<string> {
    const id = staffId ?? auth.userId;
    if (id !== auth.userId) await this.require(auth, permission, what);
    return id;
  }
}
