import { graphql } from '../../gql';

/** /classes over the scheduling subgraph (roster names come from clients through the gateway). */

export const CLASS_WEEK = graphql(`
  query ClassWeek($locationId: ID!, $from: String!, $to: String!) {
    classSessions(locationId: $locationId, from: $from, to: $to) {
      ...ClassSessionFields
    }
  }
`);

export const CLASS_ROOMS = graphql(`
  query ClassRooms($locationId: ID!) {
    rooms(locationId: $locationId) {
      id
      name
      capacity
      active
    }
  }
`);

export const CLASS_DETAIL = graphql(`
  query ClassDetail($id: ID!) {
    classSession(id: $id) {
      ...ClassSessionFields
      enrolments {
        id
        sessionId
        clientId
        status
        waitlistPosition
        promotedAt
        createdAt
        updatedAt
        client {
          id
          fullName
        }
      }
    }
  }
`);

export const SCHEDULE_CLASS = graphql(`
  mutation ScheduleClass($input: ScheduleClassInput!) {
    scheduleClass(input: $input) {
      seriesId
      sessions {
        id
        name
      }
    }
  }
`);

export const UPDATE_CLASS = graphql(`
  mutation UpdateClassSession($id: ID!, $input: UpdateClassInput!) {
    updateClassSession(id: $id, input: $input) {
      id
      version
    }
  }
`);

export const CANCEL_CLASS = graphql(`
  mutation CancelClassSession($id: ID!, $reason: String) {
    cancelClassSession(id: $id, reason: $reason) {
      id
      status
    }
  }
`);

export const ENROL_IN_CLASS = graphql(`
  mutation EnrolInClass($sessionId: ID!, $clientId: ID!) {
    enrolInClass(sessionId: $sessionId, clientId: $clientId) {
      id
      status
      waitlistPosition
    }
  }
`);

export const CANCEL_ENROLMENT = graphql(`
  mutation CancelClassEnrolment($sessionId: ID!, $enrolmentId: ID!) {
    cancelClassEnrolment(sessionId: $sessionId, enrolmentId: $enrolmentId) {
      enrolment {
        id
        status
      }
      promoted {
        id
        clientId
      }
    }
  }
`);

export const MARK_ATTENDANCE = graphql(`
  mutation MarkClassAttendance($sessionId: ID!, $enrolmentId: ID!, $status: String!) {
    markClassAttendance(sessionId: $sessionId, enrolmentId: $enrolmentId, status: $status) {
      id
      status
    }
  }
`);
