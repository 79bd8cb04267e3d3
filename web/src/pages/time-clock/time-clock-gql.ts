import { graphql } from '../../gql';

export const SHIFT_FIELDS = graphql(`
  fragment ShiftFields on Shift {
    id
    staffId
    locationId
    status
    clockInAt
    clockOutAt
    workDate
    onBreak
    workedMinutes
    breakMinutes
    source
    approved
    version
    edits {
      editedBy
      editedAt
      reason
      before {
        clockInAt
        clockOutAt
        breakMinutes
      }
      after {
        clockInAt
        clockOutAt
        breakMinutes
      }
    }
  }
`);

export const CURRENT_SHIFT = graphql(`
  query CurrentShift {
    currentShift {
      ...ShiftFields
    }
  }
`);

export const TIME_SHEET = graphql(`
  query TimeSheet($locationId: ID!, $from: String!, $to: String!, $staffId: ID) {
    timeSheet(locationId: $locationId, from: $from, to: $to, staffId: $staffId) {
      staffId
      from
      to
      workedMinutes
      regularMinutes
      overtimeMinutes
      unresolved
      approvedAt
      days {
        date
        workedMinutes
        regularMinutes
        overtimeMinutes
      }
      shifts {
        ...ShiftFields
      }
    }
  }
`);

export const CLOCK_IN = graphql(`
  mutation ClockIn($input: ClockInput!) {
    clockIn(input: $input) {
      ...ShiftFields
    }
  }
`);
export const CLOCK_OUT = graphql(`
  mutation ClockOut($input: ClockInput!) {
    clockOut(input: $input) {
      ...ShiftFields
    }
  }
`);
export const START_BREAK = graphql(`
  mutation StartBreak($input: ClockInput!) {
    startBreak(input: $input) {
      ...ShiftFields
    }
  }
`);
export const END_BREAK = graphql(`
  mutation EndBreak($input: ClockInput!) {
    endBreak(input: $input) {
      ...ShiftFields
    }
  }
`);
export const EDIT_SHIFT = graphql(`
  mutation EditShift($id: ID!, $input: EditShiftInput!) {
    editShift(id: $id, input: $input) {
      ...ShiftFields
    }
  }
`);
export const APPROVE_TIME_SHEET = graphql(`
  mutation ApproveTimeSheet($input: ApproveTimeSheetInput!) {
    approveTimeSheet(input: $input) {
      staffId
      approvedAt
    }
  }
`);
