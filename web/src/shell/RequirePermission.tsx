import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { PermissionRequirement } from '@salon/contracts/permissions';
import { canOpenRoute, DEFAULT_REDIRECT } from '../app/route-table';
import { useSession } from '../session/session-context';
import { usePermissions } from '../session/use-permissions';

interface Props {
  requirement?: PermissionRequirement;
  adminOnly?: boolean;
  redirectTo?: string;
  children: ReactNode;
}

/** Route guard (spec §4/§5): nothing while user or permissions load, then the page or a redirect. */
export function RequirePermission({ requirement, adminOnly, redirectTo = DEFAULT_REDIRECT, children }: Props) {
  const { user, status } = useSession();
  const perms = usePermissions();
  if (status === 'loading' || !user) return null;
  if (user.role !== 'admin' && perms.isLoading) return null;
  if (canOpenRoute({ requirement, adminOnly }, { role: user.role, permissions: perms.permissions })) return <>{children}</>;
  return <Navigate to={redirectTo} replace />;
}
