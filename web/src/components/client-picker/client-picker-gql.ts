import { graphql } from '../../gql';
import type { ClientPickerSearchQuery } from '../../gql/graphql';
import type { ClientSummary } from '../../pages/clients/clients-gql';

/** Search-as-you-type: the GraphQL list query with a small limit (docs/clients-api.md). */
export const CLIENT_SEARCH = graphql(`
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
          critical
        }
      }
    }
  }
`);

export type PickerClient = ClientPickerSearchQuery['clients']['items'][number] &
  Partial<Pick<ClientSummary, 'tags' | 'lastVisitAt' | 'createdAt'>>;

export const PICKER_LIMIT = 8;
