import { graphql } from '../../gql';
import type { ScheduleStaffOptionsQuery } from '../../gql/graphql';
import { useQuery } from '@apollo/client/react';

export const STAFF_OPTIONS = graphql(`
  query ScheduleStaffOptions {
    staff: users(role: staff) {
      id
      fullName
      role
      isActive
    }
    admins: users(role: admin) {
      id
      fullName
      role
      isActive
    }
  }
`);

export type StaffOption = ScheduleStaffOptionsQuery['staff'][number];

/** Active staff and admins, by name (GraphQL `users`). */
export function useStaffOptions(skip = false) {
  const q = useQuery(STAFF_OPTIONS, { fetchPolicy: 'cache-first', skip });
  const people = [...(q.data?.staff ?? []), ...(q.data?.admins ?? [])]
    .filter((u) => u.isActive)
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
  return { people, loading: q.loading, error: q.error };
}
