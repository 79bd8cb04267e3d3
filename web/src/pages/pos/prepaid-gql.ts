import { graphql } from '../../gql';

/** Prepaid value at the desk: plans to sell, what a ticket can use, and the gift cards a ticket sold. */
export const PREPAID_PLANS = graphql(`
  query PrepaidPlans {
    prepaidPlans {
      id
      kind
      name
      priceMinor
      period
      credits
      serviceIds
      discountPercent
      validityDays
      priorityBookingDays
      active
    }
  }
`);

export const TICKET_PREPAID = graphql(`
  query TicketPrepaid($ticketId: ID!, $giftCardCodes: [String!]) {
    ticketPrepaid(ticketId: $ticketId, giftCardCodes: $giftCardCodes) {
      source
      prepaidId
      giftCardCode
      label
      lineId
      lineName
      amountMinor
    }
  }
`);

export const GIFT_CARDS_SOLD_ON = graphql(`
  query GiftCardsSoldOn($ticketId: ID!) {
    giftCardsSoldOn(ticketId: $ticketId) {
      id
      code
      kind
      initialMinor
      balanceMinor
      expiresAt
    }
  }
`);

export const GIFT_CARD_BALANCE = graphql(`
  query GiftCardBalance($code: String!) {
    giftCardBalance(code: $code) {
      code
      balanceMinor
      status
      expiresAt
    }
  }
`);
