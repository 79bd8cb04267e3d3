import { graphql } from '../../gql';

/** /schedule and /staff-schedule over the scheduling subgraph (the same scoping: view_own_schedule reads one's own). */

export const WORKING_HOURS = graphql(`
  query WorkingHours($locationId: ID!, $staffId: ID) {
    workingHours(locationId: $locationId, staffId: $staffId) {
      ...WorkingHoursFields
    }
  }
`);

export const REPLACE_WORKING_HOURS = graphql(`
  mutation ReplaceWorkingHours($input: WorkingHoursInput!) {
    replaceWorkingHours(input: $input) {
      ...WorkingHoursFields
    }
  }
`);

export const SAVE_SCHEDULE_EXCEPTION = graphql(`
  mutation SaveScheduleException($input: ScheduleExceptionInput!) {
    saveScheduleException(input: $input) {
      staffId
      date
    }
  }
`);

export const TIME_OFF = graphql(`
  query TimeOff($staffId: ID, $locationId: ID, $from: String!, $to: String!) {
    timeOff(staffId: $staffId, locationId: $locationId, from: $from, to: $to) {
      id
      staffId
      locationId
      startsAt
      endsAt
      label
      kind
    }
  }
`);

export const ADD_TIME_OFF = graphql(`
  mutation AddTimeOff($input: TimeOffInput!) {
    addTimeOff(input: $input) {
      id
    }
  }
`);

export const REMOVE_TIME_OFF = graphql(`
  mutation RemoveTimeOff($id: ID!) {
    removeTimeOff(id: $id)
  }
`);

export const BOOKING_POLICY = graphql(`
  query BookingPolicy($locationId: ID!) {
    bookingPolicy(locationId: $locationId) {
      locationId
      timeZone
      slotIntervalMin
      minNoticeMin
      maxAdvanceDays
      lateCancelHours
      noShowFeeMinor
      lateCancelFeeMinor
      requireCardOnline
      openingHours {
        weekday
        start
        end
      }
    }
  }
`);

export const SAVE_BOOKING_POLICY = graphql(`
  mutation SaveBookingPolicy($locationId: ID!, $input: BookingPolicyInput!) {
    saveBookingPolicy(locationId: $locationId, input: $input) {
      locationId
      timeZone
      slotIntervalMin
      minNoticeMin
      maxAdvanceDays
      lateCancelHours
      noShowFeeMinor
      lateCancelFeeMinor
      requireCardOnline
      openingHours {
        weekday
        start
        end
      }
    }
  }
`);
