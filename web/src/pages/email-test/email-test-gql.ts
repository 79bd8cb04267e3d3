import { gql } from '@apollo/client';

const MESSAGE_FIELDS = `
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
`;

export const RECENT_MESSAGES = gql`
  query RecentMessages($limit: Int!) {
    messages(limit: $limit) { ${MESSAGE_FIELDS} }
    deliverySettings { emailProvider smsProvider emailPreviewUrl }
  }
`;

export const SEND_TEST_EMAIL = gql`
  mutation SendTestEmail($to: String!) {
    sendTestEmail(to: $to) { ${MESSAGE_FIELDS} }
  }
`;

export const SEND_TEST_SMS = gql`
  mutation SendTestSms($to: String!) {
    sendTestSms(to: $to) { ${MESSAGE_FIELDS} }
  }
`;

export type MessageStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'suppressed';

export interface LoggedMessage {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  bodyText: string | null;
  purpose: string;
  status: MessageStatus;
  provider: string | null;
  attempts: number;
  lastError: string | null;
  queuedAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  updatedAt: string;
}

export interface DeliverySettings {
  emailProvider: string;
  smsProvider: string;
  emailPreviewUrl: string | null;
}
