import { graphql } from '../../gql';
import type { ClientLocationOptionsQuery, ClientStaffOptionsQuery } from '../../gql/graphql';

/** The list: GraphQL `clients(search, tag, locationId, lastVisitBefore, lastVisitAfter, limit, offset, sort)` → `{ items total }`. */
export const CLIENTS = graphql(`
  query ClientsList(
    $search: String
    $tag: String
    $locationId: ID
    $lastVisitBefore: String
    $lastVisitAfter: String
    $limit: Int
    $offset: Int
    $sort: String
  ) {
    clients(
      search: $search
      tag: $tag
      locationId: $locationId
      lastVisitBefore: $lastVisitBefore
      lastVisitAfter: $lastVisitAfter
      limit: $limit
      offset: $offset
      sort: $sort
    ) {
      total
      items {
        id
        firstName
        lastName
        fullName
        phone
        email
        tags
        lastVisitAt
        createdAt
        possibleDuplicateCount
        alerts {
          id
          kind
          text
        }
      }
    }
  }
`);

/** Locations of identity's subgraph, for the location filter and preferred location. */
export const LOCATION_OPTIONS = graphql(`
  query ClientLocationOptions {
    locations {
      id
      name
      isDefault
      isActive
    }
  }
`);

export type LocationOption = ClientLocationOptionsQuery['locations'][number];

/** Staff for "preferred staff" (needs view_staff; the profile skips it otherwise). */
export const STAFF_OPTIONS = graphql(`
  query ClientStaffOptions {
    users(role: staff) {
      id
      fullName
      email
      isActive
    }
  }
`);

export type StaffOption = ClientStaffOptionsQuery['users'][number];
