import { graphql } from '../../gql';

export const CLIENT_PREPAIDS = graphql(`
  query ClientPrepaids($kind: String) {
    clientPrepaids(kind: $kind) {
      id
      kind
      planId
      planName
      clientId
      client {
        id
        fullName
      }
      status
      creditsLeft
      creditsPerPeriod
      periodStart
      periodEnd
      cancelAtPeriodEnd
      billing
      entries {
        id
        kind
        credits
        creditsAfter
        lineName
        createdAt
      }
    }
  }
`);

export const CREATE_PREPAID_PLAN = graphql(`
  mutation CreatePrepaidPlan($input: PrepaidPlanInput!) {
    createPrepaidPlan(input: $input) {
      id
      name
    }
  }
`);

export const MEMBERSHIP_ACTION = graphql(`
  mutation MembershipAction($id: ID!, $input: MembershipActionInput!) {
    membershipAction(id: $id, input: $input) {
      id
      status
      creditsLeft
      cancelAtPeriodEnd
    }
  }
`);

export const CHANGE_MEMBERSHIP_PLAN = graphql(`
  mutation ChangeMembershipPlan($id: ID!, $input: MembershipPlanChangeInput!) {
    changeMembershipPlan(id: $id, input: $input) {
      id
      planId
      planName
      creditsLeft
      creditsPerPeriod
    }
  }
`);
