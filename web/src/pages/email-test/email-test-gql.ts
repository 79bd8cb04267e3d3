import { graphql } from '../../gql';
import type { LoggedMessageFieldsFragment, RecentMessagesQuery } from '../../gql/graphql';

export const LOGGED_MESSAGE_FIELDS = graphql(`
  fragment LoggedMessageFields on Message {
    id
    channel
    recipient
    subject
    bodyText
    purpose
    status
    provider
    attempts
    lastError
    queuedAt
    sentAt
    deliveredAt
    failedAt
    updatedAt
  }
`);

export const RECENT_MESSAGES = graphql(`
  query RecentMessages($limit: Int!) {
    messages(limit: $limit) {
      ...LoggedMessageFields
    }
    deliverySettings {
      emailProvider
      smsProvider
      emailPreviewUrl
    }
  }
`);

export const SEND_TEST_EMAIL = graphql(`
  mutation SendTestEmail($to: String!) {
    sendTestEmail(to: $to) {
      ...LoggedMessageFields
    }
  }
`);

export const SEND_TEST_SMS = graphql(`
  mutation SendTestSms($to: String!) {
    sendTestSms(to: $to) {
      ...LoggedMessageFields
    }
  }
`);

export type LoggedMessage = LoggedMessageFieldsFragment;
export type MessageStatus = LoggedMessage['status'];
export type DeliverySettings = RecentMessagesQuery['deliverySettings'];
