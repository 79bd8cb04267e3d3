import { gql } from '@apollo/client';
import type { ClientSummary } from '../../pages/clients/clients-gql';

/** Search-as-you-type: the GraphQL list query with a small limit (docs/clients-api.md). */
export const CLIENT_SEARCH = gql`
  query ClientPickerSearch($search: String, $limit: Int) {
    clients(search: $search, limit: $limit) {
      total
      items {
        id
        firstName
        lastName
        fullName
        phone
        email
        alerts {
          id
          kind
          text
        }
      }
    }
  }
`;

export type PickerClient = Pick<ClientSummary, 'id' | 'firstName' | 'lastName' | 'fullName' | 'phone' | 'email' | 'alerts'> &
  Partial<Pick<ClientSummary, 'tags' | 'lastVisitAt' | 'createdAt'>>;

export interface ClientSearchData {
  clients: { total: number; items: PickerClient[] };
}

export const PICKER_LIMIT = 8;
