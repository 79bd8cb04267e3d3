import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useQuery as useApolloQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { useSession } from '../../session/session-context';
import { usePermissions } from '../../session/use-permissions';
import { getFullName } from '../../lib/user-display';
import type { Client } from '../clients/client-types';
import { clientKeys, clientsApi, currentFromConflict, type ClientInput } from '../clients/clients-api';
import { LOCATION_OPTIONS, STAFF_OPTIONS } from '../clients/clients-gql';

export function useClient(id: string) {
  return useQuery({ queryKey: clientKeys.client(id), queryFn: () => clientsApi.get(id), staleTime: 15_000 });
}

/**
 * A PATCH built from the latest client. Small edits (tags, alerts, consent) are operations on the
 * current value, so a 409 rebuilds the change on the server's current client and tries once more:
 * nobody's tag or alert is lost, and nothing is overwritten blindly.
 */
export function useRebasingUpdate(id: string) {
  const qc = useQueryClient();
  return useCallback(
    async (build: (current: Client) => ClientInput | null): Promise<Client | null> => {
      let current = qc.getQueryData<Client>(clientKeys.client(id)) ?? (await clientsApi.get(id));
      for (let attempt = 0; attempt < 2; attempt++) {
        const patch = build(current);
        if (!patch) return current;
        try {
          const saved = await clientsApi.update(id, { ...patch, version: current.version });
          qc.setQueryData(clientKeys.client(id), saved);
          return saved;
        } catch (e) {
          const latest = currentFromConflict<Client>(e);
          if (!latest || attempt === 1) throw e;
          qc.setQueryData(clientKeys.client(id), latest);
          current = latest;
        }
      }
      return current;
    },
    [qc, id],
  );
}

/** Names for ids on the page: locations (GraphQL), staff (when allowed to see staff), yourself. */
export function useNames() {
  const { user } = useSession();
  const { can } = usePermissions();
  const canSeeStaff = can(PERMISSIONS.VIEW_STAFF);
  const locs = useApolloQuery(LOCATION_OPTIONS, { fetchPolicy: 'cache-first' });
  const staff = useApolloQuery(STAFF_OPTIONS, { skip: !canSeeStaff, fetchPolicy: 'cache-first', errorPolicy: 'all' });
  const locations = locs.data?.locations ?? [];
  const staffList = canSeeStaff ? (staff.data?.users ?? []) : [];
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
