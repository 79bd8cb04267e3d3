import { graphql } from '../../gql';
import type { InviteStaffMutation, StaffUserFieldsFragment } from '../../gql/graphql';

export const STAFF_USERS = graphql(`
  query StaffUsers($search: String, $includeInactive: Boolean) {
    staff: users(role: staff, search: $search, includeInactive: $includeInactive) {
      ...StaffUserFields
    }
    admins: users(role: admin, search: $search, includeInactive: $includeInactive) {
      ...StaffUserFields
    }
  }
  fragment StaffUserFields on User {
    id
    firstName
    lastName
    fullName
    email
    phone
    role
    isActive
    profilePicture
    permissionGroups {
      id
      name
    }
  }
`);

export const GROUP_NAMES = graphql(`
  query InviteGroups {
    permissionGroups {
      id
      name
    }
  }
`);

export const INVITE_STAFF = graphql(`
  mutation InviteStaff($input: InviteStaffInput!) {
    inviteStaff(input: $input) {
      id
      email
      firstName
      lastName
      expiresAt
      inviteUrl
    }
  }
`);

export const SET_USER_ACTIVE = graphql(`
  mutation SetUserActive($id: ID!, $isActive: Boolean!) {
    setUserActive(id: $id, isActive: $isActive) {
      id
      isActive
    }
  }
`);

export type StaffUser = StaffUserFieldsFragment;
export type Invitation = InviteStaffMutation['inviteStaff'];
