import { graphql } from '../../gql';

/** The management list: every service of the location, online-bookable or not (GET /api/services is the public catalogue). */
export const SERVICES = graphql(`
  query ManageServices($locationId: ID, $includeInactive: Boolean) {
    services(locationId: $locationId, includeInactive: $includeInactive) {
      id
      locationId
      name
      category
      description
      durationMin
      priceMinor
      currency
      bufferBeforeMin
      bufferAfterMin
      processing {
        startAfterMin
        durationMin
      }
      roomType
      deviceTypes
      onlineBookable
      active
      staff {
        staffId
        durationMin
        priceMinor
      }
      version
    }
  }
`);
