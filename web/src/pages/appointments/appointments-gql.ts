import { graphql } from '../../gql';

/** The calendar's and the booking dialog's GraphQL (scheduling subgraph; client names come from clients through the gateway). */

export const CALENDAR_APPOINTMENTS = graphql(`
  query CalendarAppointments($locationId: ID, $from: String!, $to: String!) {
    appointments(locationId: $locationId, from: $from, to: $to) {
      id
      locationId
      clientId
      status
      startsAt
      endsAt
      serviceId
      serviceName
      staffId
      service
      cancelReason
      notes
      version
      seriesId
      paidAt
      deposit {
        kind
        status
        amountMinor
      }
      source
      createdAt
      segments {
        position
        serviceId
        staffId
        startsAt
        endsAt
      }
      client {
        id
        fullName
        alerts {
          id
          kind
          text
          critical
        }
      }
    }
  }
`);

/** The details panel: the appointment, its client (phone, alerts, notes), earlier visits and the change log. */
export const APPOINTMENT_DETAILS = graphql(`
  query AppointmentDetails($id: ID!) {
    appointment(id: $id) {
      id
      locationId
      clientId
      status
      paidAt
      startsAt
      endsAt
      serviceId
      serviceName
      staffId
      priceMinor
      currency
      notes
      cancelReason
      lateCancel
      source
      version
      seriesId
      service
      segments {
        position
        serviceId
        staffId
        startsAt
        endsAt
      }
      client {
        id
        fullName
        phone
        email
        lastVisitAt
        alerts {
          id
          kind
          text
          critical
        }
        notes {
          id
          body
          templateName
          pinned
          authorName
          createdAt
        }
      }
      clientHistory(limit: 5) {
        id
        startsAt
        serviceName
        staffId
        status
        priceMinor
        currency
      }
      changes {
        at
        by
        byKind
        byName
        what
        from
        to
      }
    }
  }
`);

export const CALENDAR_WORKING_HOURS = graphql(`
  query CalendarWorkingHours($locationId: ID!) {
    workingHours(locationId: $locationId) {
      ...WorkingHoursFields
    }
  }
`);

export const CALENDAR_UNAVAILABLE = graphql(`
  query CalendarUnavailable($locationId: ID!, $from: String!, $to: String!) {
    calendarUnavailable(locationId: $locationId, from: $from, to: $to) {
      timeZone
      from
      to
      staff {
        staffId
        name
        intervals {
          startsAt
          endsAt
          code
          reason
        }
      }
    }
  }
`);

export const CALENDAR_CLASSES = graphql(`
  query CalendarClasses($locationId: ID!, $from: String!, $to: String!) {
    classSessions(locationId: $locationId, from: $from, to: $to) {
      ...ClassSessionFields
    }
  }
`);

export const BOOKING_SERVICES = graphql(`
  query BookingDialogServices($locationId: ID) {
    services(locationId: $locationId) {
      id
      name
      durationMin
      category
      active
      onlineBookable
      staff {
        staffId
      }
    }
  }
`);

export const BOOK_APPOINTMENT = graphql(`
  mutation BookAppointment($input: BookAppointmentInput!) {
    bookAppointment(input: $input) {
      ...AppointmentChangeFields
    }
  }
`);

export const UPDATE_APPOINTMENT = graphql(`
  mutation UpdateAppointment($id: ID!, $input: UpdateAppointmentInput!) {
    updateAppointment(id: $id, input: $input) {
      ...AppointmentChangeFields
    }
  }
`);

/** After a move: tell the client (messaging texts or e-mails them, as their consent allows). */
export const NOTIFY_CLIENT = graphql(`
  mutation NotifyClientOfAppointment($id: ID!) {
    notifyClientOfAppointment(id: $id) {
      id
    }
  }
`);

export const PREVIEW_SERIES = graphql(`
  query PreviewAppointmentSeries($input: AppointmentSeriesInput!) {
    appointmentSeriesPreview(input: $input) {
      timeZone
      occurrences {
        startsAt
        endsAt
        ok
        staffName
        reason
        alternatives {
          startsAt
          endsAt
          staffId
          staffName
        }
      }
    }
  }
`);

export const CREATE_SERIES = graphql(`
  mutation CreateAppointmentSeries($input: AppointmentSeriesInput!) {
    createAppointmentSeries(input: $input) {
      series {
        id
      }
      appointments {
        id
      }
      skipped {
        startsAt
        reason
      }
    }
  }
`);

export const WAITLIST_ENTRIES = graphql(`
  query WaitlistEntries($locationId: ID!, $from: String!, $to: String!) {
    waitlistEntries(locationId: $locationId, from: $from, to: $to, status: "all") {
      id
      locationId
      clientId
      serviceId
      serviceName
      staffId
      dateFrom
      dateTo
      windowStart
      windowEnd
      note
      status
      appointmentId
      createdAt
      offer {
        id
        startsAt
        endsAt
        staffId
        expiresAt
        status
      }
      client {
        id
        firstName
        lastName
        fullName
        phone
        email
        alerts {
          id
          kind
          text
          critical
        }
      }
    }
  }
`);

export const ADD_TO_WAITLIST = graphql(`
  mutation AddToWaitlist($input: WaitlistInput!) {
    addToWaitlist(input: $input) {
      id
      status
    }
  }
`);

export const CANCEL_WAITLIST_ENTRY = graphql(`
  mutation CancelWaitlistEntry($id: ID!) {
    cancelWaitlistEntry(id: $id) {
      id
      status
    }
  }
`);

export const ACCEPT_WAITLIST_OFFER = graphql(`
  mutation AcceptWaitlistOffer($id: ID!) {
    acceptWaitlistOffer(id: $id) {
      entry {
        id
        status
      }
      appointment {
        id
        startsAt
      }
    }
  }
`);

/** What the fee action shows, the same whether read or just charged. */
export const CANCELLATION_FEE_FIELDS = graphql(`
  fragment CancellationFeeFields on CancellationFee {
    appointmentId
    kind
    status
    amountMinor
    reason
    ticketId
    failureReason
    card {
      brand
      last4
    }
  }
`);

/** The no-show / late-cancel fee of an appointment under the location's booking policy (retail). */
export const CANCELLATION_FEE = graphql(`
  query CancellationFee($appointmentId: ID!) {
    cancellationFee(appointmentId: $appointmentId) {
      ...CancellationFeeFields
    }
  }
`);

export const CHARGE_CANCELLATION_FEE = graphql(`
  mutation ChargeCancellationFee($appointmentId: ID!) {
    chargeCancellationFee(appointmentId: $appointmentId) {
      ...CancellationFeeFields
    }
  }
`);
