import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { describeRequirement, satisfies, type PermissionRequirement, type Role } from '@salon/contracts';
import { ForbiddenError, UnauthenticatedError } from '../errors/app-errors.js';
import { requestOf } from './auth-context.js';
import { REQUIRED_PERMISSION, REQUIRED_ROLES } from './auth.decorators.js';
import { PermissionResolver } from './permission-resolver.js';

/** Enforces @RequireRole and @RequirePermission with the shared `satisfies` rule. */
@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly resolver: PermissionResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    const requirement = this.reflector.getAllAndOverride<PermissionRequirement | undefined>(REQUIRED_PERMISSION, targets);
    if (!roles && requirement === undefined) return true;
    const request = requestOf(context);
    const auth = request?.auth;
    if (!auth) throw new UnauthenticatedError();
    if (roles && !roles.includes(auth.role)) {
      throw new ForbiddenError(`Forbidden: requires the ${roles.join(' or ')} role`);
    }
    if (requirement === undefined || auth.role === 'admin') return true;
    request.permissionsPending ??= this.resolver.permissionsOf(auth.userId);
    request.permissions ??= await request.permissionsPending;
    if (!satisfies({ role: auth.role, permissions: request.permissions }, requirement)) {
      throw new ForbiddenError(`Forbidden: requires ${describeRequirement(requirement)}`);
    }
    return true;
  }
}
