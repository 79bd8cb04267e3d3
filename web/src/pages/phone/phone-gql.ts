import { graphql } from '../../gql';
import type { CallsQuery } from '../../gql/graphql';

export const CALL_FIELDS = graphql(`
  fragment CallFields on Call {
    id
    callSid
    direction
    phone
    clientId
    clientName
    outcome
    startedAt
    durationSeconds
    recordingUrl
    textBack
  }
`);

export const CALLS = graphql(`
  query Calls($locationId: ID, $clientId: ID, $limit: Int!) {
    calls(locationId: $locationId, clientId: $clientId, limit: $limit) {
      ...CallFields
    }
    phoneNumbers {
      locationId
      number
      forwardTo
      ringStaff
      ringSeconds
      textBack
      greeting
    }
  }
`);

export const SAVE_PHONE_NUMBER = graphql(`
  mutation SavePhoneNumber($input: PhoneNumberInput!) {
    savePhoneNumber(input: $input) {
      locationId
      number
      forwardTo
      ringStaff
      ringSeconds
      textBack
      greeting
    }
  }
`);

export const CALL_CLIENT = graphql(`
  mutation CallClient($input: CallClientInput!) {
    callClient(input: $input) {
      ...CallFields
    }
  }
`);

export const CLIENT_FROM_CALL = graphql(`
  mutation ClientFromCall($input: ClientFromCallInput!) {
    createClientFromCall(input: $input) {
      ...CallFields
    }
  }
`);

export type PhoneNumberItem = CallsQuery['phoneNumbers'][number];

/** The signed-in user's own phone (their profile), which click to call may ring. */
export const MY_PHONE = graphql(`
  query MyPhone {
    viewer {
      id
      phone
    }
  }
`);
