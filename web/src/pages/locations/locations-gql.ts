import { graphql } from '../../gql';
import type { LocationFieldsFragment, LocationInput } from '../../gql/graphql';

export const LOCATION_FIELDS = graphql(`
  fragment LocationFields on Location {
    id
    name
    timeZone
    isDefault
    isActive
    address
    phone
  }
`);

export const LOCATIONS = graphql(`
  query Locations {
    locations(includeInactive: true) {
      ...LocationFields
    }
  }
`);

export const CREATE_LOCATION = graphql(`
  mutation CreateLocation($input: LocationInput!) {
    createLocation(input: $input) {
      ...LocationFields
    }
  }
`);

export const UPDATE_LOCATION = graphql(`
  mutation UpdateLocation($id: ID!, $input: LocationInput!) {
    updateLocation(id: $id, input: $input) {
      ...LocationFields
    }
  }
`);

export const SET_DEFAULT_LOCATION = graphql(`
  mutation SetDefaultLocation($id: ID!) {
    setDefaultLocation(id: $id) {
      ...LocationFields
    }
  }
`);

export type GqlLocation = LocationFieldsFragment;

export type { LocationInput };

const COMMON_ZONES = [
  'America/Chicago',
  'America/New_York',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

export function timeZoneOptions(): string[] {
  let all: string[];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  return [...COMMON_ZONES, ...all.filter((z) => !COMMON_ZONES.includes(z))];
}
