import { graphql } from '../../gql';
import type { AiMessagingQuery } from '../../gql/graphql';

export const AI_MESSAGING = graphql(`
  query AiMessaging($locationId: ID!) {
    aiProvider {
      configured
      baseUrl
      model
      hasKey
    }
    aiLocationSettings(locationId: $locationId) {
      locationId
      mode
      autoFrom
      autoTo
      signature
      version
    }
    aiHandovers {
      conversationId
      phone
      clientName
      reason
      at
    }
    aiReplies(limit: 50) {
      id
      conversationId
      phone
      locationId
      status
      body
      handoverReason
      pendingAction
      context
      toolCalls {
        name
        arguments
        result
        refused
      }
      error
      createdAt
      decidedAt
    }
  }
`);

export const AI_HANDOVERS = graphql(`
  query AiHandovers {
    aiHandovers {
      conversationId
      reason
    }
  }
`);

export const SAVE_AI_PROVIDER = graphql(`
  mutation SaveAiProvider($input: AiProviderInput!) {
    saveAiProvider(input: $input) {
      configured
      baseUrl
      model
      hasKey
    }
  }
`);

export const REMOVE_AI_PROVIDER = graphql(`
  mutation RemoveAiProvider {
    removeAiProvider {
      configured
    }
  }
`);

export const SAVE_AI_LOCATION_SETTINGS = graphql(`
  mutation SaveAiLocationSettings($input: AiLocationSettingsInput!) {
    saveAiLocationSettings(input: $input) {
      locationId
      mode
      autoFrom
      autoTo
      signature
      version
    }
  }
`);

export const APPROVE_AI_REPLY = graphql(`
  mutation ApproveAiReply($id: ID!, $text: String) {
    approveAiReply(id: $id, text: $text)
  }
`);

export const DISCARD_AI_REPLY = graphql(`
  mutation DiscardAiReply($id: ID!) {
    discardAiReply(id: $id)
  }
`);

export const CLEAR_AI_HANDOVER = graphql(`
  mutation ClearAiHandover($conversationId: ID!) {
    clearAiHandover(conversationId: $conversationId)
  }
`);

export type AiReplyItem = AiMessagingQuery['aiReplies'][number];
