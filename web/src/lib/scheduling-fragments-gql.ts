import { graphql } from '../gql';

/**
 * Field selections that several scheduling screens read the same way: declared once here, spread by
 * name (`...ClassSessionFields`) in each screen's document; codegen adds the fragment to every
 * document that spreads it. A screen that needs fewer fields writes its own selection.
 */

export const CLASS_SESSION_FIELDS = graphql(`
  fragment ClassSessionFields on ClassSessionCore {
    id
    locationId
    seriesId
    name
    description
    category
    instructorId
    roomId
    startsAt
    endsAt
    durationMin
    capacity
    priceMinor
    currency
    status
    cancelReason
    createdBy
    version
    enrolledCount
    waitlistedCount
    createdAt
    updatedAt
  }
`);

export const RESOURCE_FIELDS = graphql(`
  fragment ResourceFields on Resource {
    id
    kind
    locationId
    name
    type
    capacity
    active
  }
`);

export const WORKING_HOURS_FIELDS = graphql(`
  fragment WorkingHoursFields on WorkingHours {
    staffId
    locationId
    weekday
    start
    end
    kind
    label
  }
`);

/** What the calendar needs back from a booking or a move to redraw the block. */
export const APPOINTMENT_CHANGE_FIELDS = graphql(`
  fragment AppointmentChangeFields on Appointment {
    id
    startsAt
    endsAt
    staffId
    status
    version
  }
`);
