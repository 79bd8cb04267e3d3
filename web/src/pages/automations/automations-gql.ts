import { graphql } from '../../gql';
import type { AutomationsQuery, InboxQuery } from '../../gql/graphql';

export const AUTOMATION_FIELDS = graphql(`
  fragment AutomationFields on Automation {
    locationId
    kind
    label
    description
    enabled
    channelRule
    timing
    timingUnit
    smsTemplate
    emailSubject
    emailTemplate
    version
    counts {
      scheduled
      sent
      delivered
      failed
      replies
      confirmed
    }
  }
`);

export const CUSTOM_AUTOMATION_FIELDS = graphql(`
  fragment CustomAutomationFields on CustomAutomation {
    id
    locationId
    name
    trigger
    delayHours
    days
    serviceContains
    firstVisitOnly
    channelRule
    smsTemplate
    emailSubject
    emailTemplate
    enabled
    version
    counts {
      scheduled
      sent
      delivered
      failed
      replies
      confirmed
    }
  }
`);

export const SAVE_CUSTOM_AUTOMATION = graphql(`
  mutation SaveCustomAutomation($input: SaveCustomAutomationInput!) {
    saveCustomAutomation(input: $input) {
      ...CustomAutomationFields
    }
  }
`);

export const AUTOMATIONS = graphql(`
  query Automations($locationId: ID!) {
    automations(locationId: $locationId) {
      ...AutomationFields
    }
    automationSettings(locationId: $locationId) {
      locationId
      quietStart
      quietEnd
      maxPerClientPerDay
      version
    }
    reminderNoShowRates(locationId: $locationId) {
      days
      reminded {
        appointments
        noShows
        rate
      }
      notReminded {
        appointments
        noShows
        rate
      }
    }
    customAutomations(locationId: $locationId) {
      ...CustomAutomationFields
    }
    automationSends(locationId: $locationId, limit: 20) {
      id
      kind
      customAutomationId
      appointmentId
      dueAt
      state
      channels
      reason
    }
  }
`);

export const UPDATE_AUTOMATION = graphql(`
  mutation UpdateAutomation($input: UpdateAutomationInput!) {
    updateAutomation(input: $input) {
      ...AutomationFields
    }
  }
`);

export const UPDATE_AUTOMATION_SETTINGS = graphql(`
  mutation UpdateAutomationSettings($input: UpdateAutomationSettingsInput!) {
    updateAutomationSettings(input: $input) {
      locationId
      quietStart
      quietEnd
      maxPerClientPerDay
      version
    }
  }
`);

export const SEND_AUTOMATION_TEST = graphql(`
  mutation SendAutomationTest($locationId: ID!, $kind: String!, $phone: String, $email: String) {
    sendAutomationTest(locationId: $locationId, kind: $kind, phone: $phone, email: $email) {
      id
      channel
      status
    }
  }
`);

export const INBOX = graphql(`
  query Inbox {
    conversations(limit: 50) {
      id
      phone
      clientId
      clientName
      lastMessageAt
      lastMessageText
      unread
    }
  }
`);

export const CONVERSATION_MESSAGES = graphql(`
  query ConversationMessages($conversationId: ID!) {
    conversationMessages(conversationId: $conversationId) {
      id
      direction
      body
      at
      action
      status
    }
  }
`);

export const REPLY_TO_CONVERSATION = graphql(`
  mutation ReplyToConversation($conversationId: ID!, $text: String!) {
    replyToConversation(conversationId: $conversationId, text: $text) {
      id
      direction
      body
      at
      action
      status
    }
  }
`);

export type AutomationItem = AutomationsQuery['automations'][number];
export type CustomAutomationItem = AutomationsQuery['customAutomations'][number];
export type Conversation = InboxQuery['conversations'][number];
