import { Injectable } from '@nestjs/common';
import { PermissionResolver } from '@salon/nest-kit';

/**
 * Messaging keeps no permission tables (identity owns them, and its snapshot for other services
 * is not built yet). Answering no permissions keeps role checks working (@AdminOnly: admin is in
 * the verified token) and makes every @RequirePermission check deny non-admins — the safe side.
 * Replace with identity's snapshot resolver when it exists.
 */
@Injectable()
export class RoleOnlyPermissionResolver extends PermissionResolver {
  async permissionsOf(_userId: string): Promise<readonly string[]> {
    return [];
  }
}
