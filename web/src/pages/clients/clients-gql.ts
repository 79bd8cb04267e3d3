import { gql } from '@apollo/client';
import type { Client } from '@salon/contracts';

/** A row of the list and the picker: the contract's Client narrowed to the fields the list query asks for. */
export type ClientSummary = Pick<Client, 'id' | 'firstName' | 'lastName' | 'fullName' | 'phone' | 'email' | 'tags' | 'lastVisitAt' | 'createdAt' | 'alerts'> & {
  possibleDuplicateCount?: number;
};

/** The list: GraphQL `clients(search, tag, locationId, lastVisitBefore, lastVisitAfter, limit, offset, sort)` → `{ items total }`. */
export const CLIENTS = gql`
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
`;

export interface ClientsData {
  clients: { total: number; items: ClientSummary[] };
}

/** Locations of identity's subgraph, for the location filter and preferred location. */
export const LOCATION_OPTIONS = gql`
  query ClientLocationOptions {
    locations {
      id
      name
      isDefault
      isActive
    }
  }
`;

export interface LocationOption {
  id: string;
  name: string;
  isDefault: boolean;
  isActive: boolean;
}

/** Staff for "preferred staff" (needs view_staff; the profile skips it otherwise). */
export const STAFF_OPTIONS = gql`
  query ClientStaffOptions {
    users(role: staff) {
      id
      fullName
      email
      isActive
    }
  }
`;

export interface StaffOption {
  id: string;
  fullName: string;
  email: string;
  isActive: boolean;
}
