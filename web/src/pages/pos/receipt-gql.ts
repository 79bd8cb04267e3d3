import { graphql } from '../../gql';

/** A closed ticket's receipt as retail builds it (the printable page shows only this). */
export const TICKET_RECEIPT = graphql(`
  query TicketReceipt($ticketId: ID!) {
    ticketReceipt(ticketId: $ticketId) {
      ticketId
      ticketNumber
      businessName
      locationName
      locationAddress
      locationPhone
      closedAt
      timeZone
      currency
      subtotalMinor
      discountMinor
      discountReason
      taxMinor
      tipMinor
      totalMinor
      paidMinor
      changeMinor
      refundedMinor
      lines {
        kind
        name
        quantity
        performer
        grossMinor
        discountMinor
        discountReason
        totalMinor
        feeReason
      }
      tenders {
        method
        label
        amountMinor
        changeMinor
      }
      refunds {
        amountMinor
        reason
        tender
        refundedAt
      }
    }
  }
`);

/** The ticket's client's contact, to prefill "Send receipt" (clients answers it through the gateway). */
export const RECEIPT_CONTACT = graphql(`
  query ReceiptContact($id: ID!) {
    client(id: $id) {
      id
      fullName
      email
      phone
      smsConsent {
        granted
      }
    }
  }
`);

export const SEND_RECEIPT = graphql(`
  mutation SendReceipt($ticketId: ID!, $channel: String!, $idempotencyKey: String!) {
    sendReceipt(ticketId: $ticketId, channel: $channel, idempotencyKey: $idempotencyKey) {
      id
      channel
      requestedAt
    }
  }
`);

/** How each receipt went: messaging's word (refused with the reason, or the message's status). */
export const RECEIPT_DELIVERIES = graphql(`
  query ReceiptDeliveries($ticketId: ID!) {
    receiptDeliveries(ticketId: $ticketId) {
      sendId
      channel
      recipient
      status
      reason
    }
  }
`);
