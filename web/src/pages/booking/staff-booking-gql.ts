import { graphql } from '../../gql';

/** /booking-test as staff: the same flow as a client's, booked for the picked client through the scheduling subgraph. */
export const STAFF_BOOK = graphql(`
  mutation StaffBookFromFlow($input: BookAppointmentInput!) {
    bookAppointment(input: $input) {
      id
      status
      serviceId
      serviceName
      staffId
      startsAt
      endsAt
      priceMinor
      currency
    }
  }
`);
