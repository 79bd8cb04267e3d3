import { graphql } from '../../gql';

/** Rooms and devices of a location (scheduling subgraph): /rooms, /devices, and the services page's type lists. */

export const ROOMS = graphql(`
  query Rooms($locationId: ID) {
    rooms(locationId: $locationId) {
      ...ResourceFields
    }
  }
`);

export const DEVICES = graphql(`
  query Devices($locationId: ID) {
    devices(locationId: $locationId) {
      ...ResourceFields
    }
  }
`);

export const SAVE_ROOM = graphql(`
  mutation SaveRoom($id: ID, $input: ResourceInput!) {
    saveRoom(id: $id, input: $input) {
      ...ResourceFields
    }
  }
`);

export const SAVE_DEVICE = graphql(`
  mutation SaveDevice($id: ID, $input: ResourceInput!) {
    saveDevice(id: $id, input: $input) {
      ...ResourceFields
    }
  }
`);
