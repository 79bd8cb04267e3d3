import { graphql } from '../../gql';

/** The profile's Purchases tab: the client's closed sales (retail), newest first. */
export const CLIENT_SALES = graphql(`
  query ClientSales($clientId: ID!) {
    salesHistory(clientId: $clientId) {
      ticketId
      number
      closedAt
      items {
        kind
        name
        quantity
      }
      totalMinor
      refundedMinor
      methods
      currency
    }
  }
`);
