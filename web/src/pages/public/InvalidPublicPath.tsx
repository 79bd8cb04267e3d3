import { Navigate, useLocation } from 'react-router-dom';
import { CLIENT_REDIRECT } from '../../app/route-table';
import { useSession } from '../../session/session-context';
import { NotFound } from '../../shell/NotFound';
import { StaffFrame } from '../../shell/StaffLayout';
import { Spinner } from '../../shell/Spinner';

/** A /forms/… or /documents/… path whose id is malformed is an unknown path. */
export function InvalidPublicPath() {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner />;
  if (status !== 'authenticated' || !user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (user.role === 'client') return <Navigate to={CLIENT_REDIRECT} replace />;
  return (
    <StaffFrame>
      <NotFound />
    </StaffFrame>
  );
}
