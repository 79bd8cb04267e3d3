import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';

export const STAFF_OPTIONS = gql`
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
`;

export interface StaffOption {
  id: string;
  fullName: string;
  role: string;
  isActive: boolean;
}

/** Active staff and admins, by name (GraphQL `users`). */
export function useStaffOptions(skip = false) {
  const q = useQuery<{ staff: StaffOption[]; admins: StaffOption[] }>(STAFF_OPTIONS, { fetchPolicy: 'cache-first', skip });
  const people = [...(q.data?.staff ?? []), ...(q.data?.admins ?? [])].filter((u) => u.isActive).sort((a, b) => a.fullName.localeCompare(b.fullName));
  return { people, loading: q.loading, error: q.error };
}
