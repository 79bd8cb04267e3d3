import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { PermissionRequirement, Role } from '@salon/contracts';
import { UnauthenticatedError } from '../errors/app-errors.js';
import { requestOf, type AuthContext } from './auth-context.js';

export const IS_PUBLIC = 'salon:is-public';
export const REQUIRED_PERMISSION = 'salon:required-permission';
export const REQUIRED_ROLES = 'salon:required-roles';

/** The route or resolver needs no token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** A permission requirement (single, anyOf, allOf, resource+action); admin always passes. */
export const RequirePermission = (requirement: PermissionRequirement) => SetMetadata(REQUIRED_PERMISSION, requirement);

/** Only these roles pass (e.g. admin-only management). */
export const RequireRole = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);
export const AdminOnly = () => RequireRole('admin');

/** The verified caller; throws 401 if a public handler asks for it without a token. */
export const CurrentAuth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = requestOf(context)?.auth;
  if (!auth) throw new UnauthenticatedError();
  return auth;
});

/** The verified caller on a public handler, or null for a visitor without a (valid) token. */
export const OptionalAuth = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthContext | null => requestOf(context)?.auth ?? null,
);

/** The caller's address: the connection's, or the one a hop in TRUSTED_PROXIES (the gateway) vouches for. */
export const ClientIp = createParamDecorator((_data: unknown, context: ExecutionContext): string => requestOf(context)?.ip ?? 'unknown');
