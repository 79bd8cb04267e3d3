import { graphql } from '../../gql';

/** The profile's Appointments tab: every appointment of the client (scheduling), newest first. */
export const CLIENT_APPOINTMENTS = graphql(`
  query ClientAppointments($clientId: ID!) {
    clientAppointments(clientId: $clientId, limit: 100) {
      id
      locationId
      status
      startsAt
      endsAt
      serviceId
      serviceName
      staffId
      priceMinor
      currency
      notes
      cancelReason
      source
    }
  }
`);
