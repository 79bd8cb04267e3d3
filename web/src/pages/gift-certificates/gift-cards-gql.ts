import { graphql } from '../../gql';

export const GIFT_CARDS = graphql(`
  query GiftCards($search: String) {
    giftCards(search: $search) {
      liabilityMinor
      cards {
        id
        code
        kind
        initialMinor
        balanceMinor
        status
        issuedAt
        expiresAt
        soldOnTicketId
        entries {
          id
          kind
          amountMinor
          balanceAfterMinor
          reason
          createdAt
        }
      }
    }
  }
`);
