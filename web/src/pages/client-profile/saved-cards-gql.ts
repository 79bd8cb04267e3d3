import { graphql } from '../../gql';

/** The profile's cards on file (retail): brand, last four and expiry only. */
export const SAVED_CARDS = graphql(`
  query SavedCards($clientId: ID!) {
    savedPaymentMethods(clientId: $clientId) {
      id
      brand
      last4
      expMonth
      expYear
    }
  }
`);

export const START_SAVE_CARD = graphql(`
  mutation StartSaveCard($clientId: ID!) {
    startSaveCard(clientId: $clientId) {
      setupIntentId
      cardModal {
        kind
        url
        publishableKey
        clientSecret
      }
    }
  }
`);

export const REMOVE_SAVED_CARD = graphql(`
  mutation RemoveSavedCard($id: ID!, $clientId: ID!) {
    removeSavedPaymentMethod(id: $id, clientId: $clientId)
  }
`);
