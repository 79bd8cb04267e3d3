import { graphql } from '../../gql';

/** Everything a ticket editor shows; totals are the retail service's, the page only displays them. */
export const TICKET_FIELDS = graphql(`
  fragment TicketFields on Ticket {
    id
    number
    locationId
    clientId
    status
    appointmentIds
    currency
    serviceTaxRate
    productTaxRate
    subtotalMinor
    discountMinor
    taxMinor
    tipMinor
    totalMinor
    paidMinor
    refundedMinor
    balanceMinor
    openedAt
    closedAt
    voidedAt
    version
    client {
      id
      fullName
    }
    lines {
      id
      kind
      name
      quantity
      unitPriceMinor
      listUnitPriceMinor
      staffId
      staffName
      appointmentId
      serviceId
      productId
      grossMinor
      discountMinor
      netMinor
      taxMinor
      totalMinor
      reason
      discount {
        type
        amountMinor
        percent
        reason
      }
    }
    discount {
      type
      amountMinor
      percent
      reason
    }
    tip {
      mode
      percent
      amountMinor
      baseMinor
      splitMode
      split {
        staffId
        staffName
        amountMinor
      }
    }
    payments {
      id
      method
      status
      failureReason
      actionUrl
      amountMinor
      tenderedMinor
      changeMinor
      refundedMinor
      refundableMinor
      cardBrand
      cardLast4
      createdAt
      refunds {
        id
        amountMinor
        reason
        createdAt
      }
    }
  }
`);

/** The desk's day: appointments to check out, the open tickets, the ones closed today, and the location's settings. */
export const POS_DAY = graphql(`
  query PosDay($locationId: ID!, $date: String!) {
    checkoutAppointments(locationId: $locationId, date: $date) {
      appointmentId
      status
      startsAt
      serviceName
      priceMinor
      ticketId
      ticketStatus
      client {
        id
        fullName
      }
    }
    openTickets: tickets(locationId: $locationId, status: "open") {
      id
      version
      number
      totalMinor
      balanceMinor
      openedAt
      client {
        id
        fullName
      }
    }
    closedToday: tickets(locationId: $locationId, status: "closed", date: $date) {
      id
      version
      number
      totalMinor
      refundedMinor
      closedAt
      client {
        id
        fullName
      }
    }
    posSettings(locationId: $locationId) {
      locationId
      tipPresets
      discountLimitPercent
      serviceTaxRate
      productTaxRate
    }
  }
`);

export const TICKET = graphql(`
  query PosTicket($id: ID!) {
    ticket(id: $id) {
      ...TicketFields
    }
  }
`);

export const OPEN_TICKET = graphql(`
  mutation OpenTicket($input: OpenTicketInput!) {
    openTicket(input: $input) {
      ...TicketFields
    }
  }
`);

export const UPDATE_TICKET = graphql(`
  mutation UpdateTicket($id: ID!, $input: UpdateTicketInput!) {
    updateTicket(id: $id, input: $input) {
      ...TicketFields
    }
  }
`);

export const VOID_TICKET = graphql(`
  mutation VoidTicket($id: ID!, $input: VoidTicketInput!) {
    voidTicket(id: $id, input: $input) {
      ...TicketFields
    }
  }
`);

export const PAY_TICKET = graphql(`
  mutation PayTicket($ticketId: ID!, $input: PayTicketInput!, $idempotencyKey: String!) {
    payTicket(ticketId: $ticketId, input: $input, idempotencyKey: $idempotencyKey) {
      payment {
        id
        status
        amountMinor
        tenderedMinor
        changeMinor
        failureReason
        actionUrl
      }
      ticket {
        ...TicketFields
      }
      cardModal {
        kind
        url
        publishableKey
        clientSecret
      }
    }
  }
`);

export const CANCEL_PAYMENT = graphql(`
  mutation CancelPayment($paymentId: ID!) {
    cancelPayment(paymentId: $paymentId) {
      payment {
        id
        status
      }
      ticket {
        ...TicketFields
      }
    }
  }
`);

export const CARD_OPTIONS = graphql(`
  query CardOptions($locationId: ID!, $clientId: ID!, $withClient: Boolean!) {
    cardReaders(locationId: $locationId) {
      id
      label
    }
    savedPaymentMethods(clientId: $clientId) @include(if: $withClient) {
      id
      brand
      last4
      expMonth
      expYear
    }
  }
`);

export const REFUND_PAYMENT = graphql(`
  mutation RefundPayment($paymentId: ID!, $input: RefundInput!, $idempotencyKey: String) {
    refundPayment(paymentId: $paymentId, input: $input, idempotencyKey: $idempotencyKey) {
      refund {
        id
        amountMinor
      }
      ticket {
        ...TicketFields
      }
    }
  }
`);

/** The product a scanner typed the barcode (or SKU) of. */
export const PRODUCT_BY_CODE = graphql(`
  query PosProductByCode($code: String!) {
    productByCode(code: $code) {
      id
      name
      priceMinor
      active
      use
    }
  }
`);

export const CARD_READERS = graphql(`
  query CardReaders($locationId: ID!) {
    cardReaders(locationId: $locationId) {
      id
      label
      deviceType
    }
  }
`);

/** Retail products the desk can ring up from a list. */
export const POS_PRODUCTS = graphql(`
  query PosProducts {
    products(active: true, use: "retail", limit: 500) {
      id
      name
      brand
      priceMinor
    }
  }
`);

export const REGISTER_CARD_READER = graphql(`
  mutation RegisterCardReader($input: RegisterCardReaderInput!) {
    registerCardReader(input: $input) {
      id
      label
      deviceType
    }
  }
`);

/** A location's checkout settings as the settings form edits them. */
export const CHECKOUT_SETTINGS_FIELDS = graphql(`
  fragment CheckoutSettingsFields on PosSettings {
    locationId
    serviceTaxRate
    productTaxRate
    tipPresets
    discountLimitPercent
    giftCardExpiryYears
    version
  }
`);

export const CHECKOUT_SETTINGS = graphql(`
  query CheckoutSettings($locationId: ID!) {
    posSettings(locationId: $locationId) {
      ...CheckoutSettingsFields
    }
  }
`);

export const SAVE_CHECKOUT_SETTINGS = graphql(`
  mutation SaveCheckoutSettings($locationId: ID!, $input: PosSettingsInput!) {
    savePosSettings(locationId: $locationId, input: $input) {
      ...CheckoutSettingsFields
    }
  }
`);
