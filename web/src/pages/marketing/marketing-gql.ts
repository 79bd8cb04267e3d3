import { graphql } from '../../gql';
import type { MarketingQuery } from '../../gql/graphql';

export const MARKETING = graphql(`
  query Marketing {
    marketingSegments {
      id
      name
      match
      version
      rules {
        field
        op
        value
        amount
      }
    }
    campaigns {
      id
      name
      channel
      segmentId
      segmentName
      locationId
      subject
      html
      design
      text
      state
      scheduledAt
      sentAt
      version
      stats {
        recipients
        sent
        delivered
        failed
        unsubscribed
        skipped
        opened
        clicked
        bounced
        booked
      }
    }
  }
`);

export const SEGMENT_COUNT = graphql(`
  query SegmentCount($definition: SegmentDefinitionInput!, $locationId: ID) {
    segmentCount(definition: $definition, locationId: $locationId) {
      total
      email
      sms
    }
  }
`);

export const SAVE_SEGMENT = graphql(`
  mutation SaveSegment($input: SaveSegmentInput!) {
    saveSegment(input: $input) {
      id
      version
    }
  }
`);

export const SAVE_CAMPAIGN = graphql(`
  mutation SaveCampaign($input: SaveCampaignInput!) {
    saveCampaign(input: $input) {
      id
      version
      state
    }
  }
`);

export const SCHEDULE_CAMPAIGN = graphql(`
  mutation ScheduleCampaign($id: ID!, $sendAt: String) {
    scheduleCampaign(id: $id, sendAt: $sendAt) {
      id
      state
      scheduledAt
    }
  }
`);

export const CANCEL_CAMPAIGN = graphql(`
  mutation CancelCampaign($id: ID!) {
    cancelCampaign(id: $id) {
      id
      state
    }
  }
`);

export type SegmentItem = MarketingQuery['marketingSegments'][number];
export type CampaignItem = MarketingQuery['campaigns'][number];

export const EMAIL_SUPPRESSIONS = graphql(`
  query EmailSuppressions {
    emailSuppressions {
      address
      reason
      detail
      createdAt
    }
  }
`);

export const REMOVE_EMAIL_SUPPRESSION = graphql(`
  mutation RemoveEmailSuppression($address: String!) {
    removeEmailSuppression(address: $address)
  }
`);
