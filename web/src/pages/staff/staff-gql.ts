import { gql } from '@apollo/client';

export const STAFF_USERS = gql`
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
`;

export const GROUP_NAMES = gql`
  query InviteGroups {
    permissionGroups {
      id
      name
    }
  }
`;

export const INVITE_STAFF = gql`
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
`;

export const SET_USER_ACTIVE = gql`
  mutation SetUserActive($id: ID!, $isActive: Boolean!) {
    setUserActive(id: $id, isActive: $isActive) {
      id
      isActive
    }
  }
`;

export interface StaffUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string;
  email: string;
  phone: string | null;
  role: string;
  isActive: boolean;
  profilePicture: string | null;
  permissionGroups: { id: string; name: string }[];
}

export interface Invitation {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  expiresAt: string;
  inviteUrl: string;
}
