import { gql } from '@apollo/client';

export const LOCATION_FIELDS = gql`
  fragment LocationFields on Location {
    id
    name
    timeZone
    isDefault
    isActive
    address
    phone
  }
`;

export const LOCATIONS = gql`
  query Locations {
    locations(includeInactive: true) {
      ...LocationFields
    }
  }
  ${LOCATION_FIELDS}
`;

export const CREATE_LOCATION = gql`
  mutation CreateLocation($input: LocationInput!) {
    createLocation(input: $input) {
      ...LocationFields
    }
  }
  ${LOCATION_FIELDS}
`;

export const UPDATE_LOCATION = gql`
  mutation UpdateLocation($id: ID!, $input: LocationInput!) {
    updateLocation(id: $id, input: $input) {
      ...LocationFields
    }
  }
  ${LOCATION_FIELDS}
`;

export const SET_DEFAULT_LOCATION = gql`
  mutation SetDefaultLocation($id: ID!) {
    setDefaultLocation(id: $id) {
      ...LocationFields
    }
  }
  ${LOCATION_FIELDS}
`;

export interface GqlLocation {
  id: string;
  name: string;
  timeZone: string;
  isDefault: boolean;
  isActive: boolean;
  address: string | null;
  phone: string | null;
}

export interface LocationInput {
  name?: string;
  timeZone?: string;
  address?: string | null;
  phone?: string | null;
  isActive?: boolean;
}

const COMMON_ZONES = ['America/Chicago', 'America/New_York', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'];

export function timeZoneOptions(): string[] {
  let all: string[];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  return [...COMMON_ZONES, ...all.filter((z) => !COMMON_ZONES.includes(z))];
}
