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
    bio
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

/** The bio on online booking: an admin, or the person themselves (identity decides). */
export const SET_USER_BIO = graphql(`
  mutation SetUserBio($id: ID!, $bio: String) {
    setUserBio(id: $id, bio: $bio) {
      id
      bio
    }
  }
`);

/** A profile's places: every location, to name those the person has working hours at. */
export const PROFILE_LOCATIONS = graphql(`
  query StaffProfileLocations {
    locations {
      id
      name
    }
  }
`);

/** Whether the person has working hours at a location (asked per location, as /staff-schedule does). */
export const PROFILE_HOURS = graphql(`
  query StaffProfileHours($locationId: ID!, $staffId: ID) {
    workingHours(locationId: $locationId, staffId: $staffId) {
      locationId
      kind
    }
  }
`);

/** A profile's pay: the person's pay rule versions (payroll answers their own, or anyone's with manage_payroll). */
export const PROFILE_PAY = graphql(`
  query StaffProfilePay($staffId: ID!) {
    payRules(staffId: $staffId) {
      id
      version
      effectiveFrom
      summary
    }
  }
`);

/** A profile's services: the catalogue with who performs each at their own duration and price. */
export const PROFILE_SERVICES = graphql(`
  query StaffProfileServices {
    services {
      id
      name
      locationId
      durationMin
      priceMinor
      currency
      active
      staff {
        staffId
        durationMin
        priceMinor
      }
    }
  }
`);

export type StaffUser = StaffUserFieldsFragment;
export type Invitation = InviteStaffMutation['inviteStaff'];

export const CALENDAR_FEED = graphql(`
  query CalendarFeed($staffId: ID!) {
    calendarFeed(staffId: $staffId) {
      staffId
      active
      createdAt
      lastReadAt
    }
  }
`);

export const CREATE_CALENDAR_FEED = graphql(`
  mutation CreateCalendarFeed($staffId: ID!) {
    createCalendarFeed(staffId: $staffId) {
      staffId
      active
      createdAt
      lastReadAt
      path
    }
  }
`);

export const REVOKE_CALENDAR_FEED = graphql(`
  mutation RevokeCalendarFeed($staffId: ID!) {
    revokeCalendarFeed(staffId: $staffId)
  }
`);

export const SET_USER_PHOTO = graphql(`
  mutation SetUserPhoto($id: ID!, $photo: String) {
    setUserPhoto(id: $id, photo: $photo) {
      id
      profilePicture
    }
  }
`);
