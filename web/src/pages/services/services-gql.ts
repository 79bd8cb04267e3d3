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

/** One service as the edit dialog needs it: the deposit rule is not in the list. */
export const SERVICE = graphql(`
  query ServiceForEdit($id: ID!) {
    service(id: $id) {
      id
      version
      deposit {
        type
        amountMinor
        percent
      }
    }
  }
`);

export const SAVE_SERVICE = graphql(`
  mutation SaveService($id: ID, $input: ServiceInput!) {
    saveService(id: $id, input: $input) {
      id
      name
      version
    }
  }
`);

export const DEACTIVATE_SERVICE = graphql(`
  mutation DeactivateService($id: ID!) {
    deactivateService(id: $id)
  }
`);
