import { useCallback, useMemo } from 'react';
import { useQuery as useApolloQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { useSession } from '../../session/session-context';
import { usePermissions } from '../../session/use-permissions';
import { getFullName } from '../../lib/user-display';
import type { Client } from '@salon/contracts';
import { currentFromConflict, type ClientInput } from '../clients/clients-api';
import { useClientsData } from '../clients/clients-data';
import { LOCATION_OPTIONS, STAFF_OPTIONS } from '../clients/clients-gql';

export { useClient } from '../clients/clients-data';

/**
 * A PATCH built from the latest client. Small edits (tags, alerts, consent) are operations on the
 * current value, so a 409 rebuilds the change on the server's current client and tries once more:
 * nobody's tag or alert is lost, and nothing is overwritten blindly.
 */
export function useRebasingUpdate(id: string) {
  const data = useClientsData();
  return useCallback(
    async (build: (current: Client) => ClientInput | null): Promise<Client | null> => {
      let current = await data.current(id);
      for (let attempt = 0; attempt < 2; attempt++) {
        const patch = build(current);
        if (!patch) return current;
        try {
          return await data.update(id, { ...patch, version: current.version });
        } catch (e) {
          const latest = currentFromConflict<Client>(e);
          if (!latest || attempt === 1) throw e;
          data.show(latest);
          current = latest;
        }
      }
      return current;
    },
    [data, id],
  );
}

/** Names for ids on the page: locations (GraphQL), staff (when allowed to see staff), yourself. */
export function useNames() {
  const { user } = useSession();
  const { can } = usePermissions();
  const canSeeStaff = can(PERMISSIONS.VIEW_STAFF);
  const locs = useApolloQuery(LOCATION_OPTIONS, { fetchPolicy: 'cache-first' });
  const staff = useApolloQuery(STAFF_OPTIONS, { skip: !canSeeStaff, fetchPolicy: 'cache-first', errorPolicy: 'all' });
  const locations = useMemo(() => locs.data?.locations ?? [], [locs.data]);
  const staffList = useMemo(() => (canSeeStaff ? (staff.data?.users ?? []) : []), [canSeeStaff, staff.data]);
  const person = useCallback(
    (id: string | null | undefined): string | null => {
      if (!id) return null;
      if (user && id === user.id) return `${getFullName(user)} (you)`;
      return staffList.find((s) => s.id === id)?.fullName ?? null;
    },
    [user, staffList],
  );
  const location = useCallback((id: string) => locations.find((l) => l.id === id)?.name ?? null, [locations]);
  return { locations, staff: staffList, canSeeStaff, person, location };
}
