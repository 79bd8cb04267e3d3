import { gql } from '@apollo/client';

const GROUP_FIELDS = gql`
  fragment GroupFields on PermissionGroup {
    id
    name
    description
    permissions
    memberCount
    members {
      id
      fullName
      email
    }
  }
`;

export const PERMISSIONS_PAGE = gql`
  query PermissionsPage {
    permissionGroups {
      ...GroupFields
    }
    permissionCatalog {
      name
      label
      category
      description
    }
    users(role: staff) {
      id
      fullName
      email
      directPermissions
      permissionGroups {
        id
        name
      }
    }
  }
  ${GROUP_FIELDS}
`;

export const CREATE_GROUP = gql`
  mutation CreatePermissionGroup($input: CreatePermissionGroupInput!) {
    createPermissionGroup(input: $input) { ...GroupFields }
  }
  ${GROUP_FIELDS}
`;
export const RENAME_GROUP = gql`
  mutation RenamePermissionGroup($id: ID!, $name: String!) {
    renamePermissionGroup(id: $id, name: $name) { ...GroupFields }
  }
  ${GROUP_FIELDS}
`;
export const SET_GROUP_PERMISSIONS = gql`
  mutation SetGroupPermissions($id: ID!, $permissions: [String!]!) {
    setGroupPermissions(id: $id, permissions: $permissions) { ...GroupFields }
  }
  ${GROUP_FIELDS}
`;
export const DELETE_GROUP = gql`
  mutation DeletePermissionGroup($id: ID!) {
    deletePermissionGroup(id: $id)
  }
`;
export const ADD_MEMBER = gql`
  mutation AddGroupMember($groupId: ID!, $userId: ID!) {
    addGroupMember(groupId: $groupId, userId: $userId) { ...GroupFields }
  }
  ${GROUP_FIELDS}
`;
export const REMOVE_MEMBER = gql`
  mutation RemoveGroupMember($groupId: ID!, $userId: ID!) {
    removeGroupMember(groupId: $groupId, userId: $userId) { ...GroupFields }
  }
  ${GROUP_FIELDS}
`;
export const SET_DIRECT_PERMISSIONS = gql`
  mutation SetDirectPermissions($userId: ID!, $permissions: [String!]!) {
    setDirectPermissions(userId: $userId, permissions: $permissions) {
      id
      directPermissions
    }
  }
`;

export interface CatalogEntry {
  name: string;
  label: string;
  category: string;
  description: string;
}
export interface Group {
  id: string;
  name: string;
  description: string | null;
  permissions: string[];
  memberCount: number;
  members: { id: string; fullName: string; email: string }[];
}
export interface StaffMember {
  id: string;
  fullName: string;
  email: string;
  directPermissions: string[];
  permissionGroups: { id: string; name: string }[];
}
export interface PermissionsPageData {
  permissionGroups: Group[];
  permissionCatalog: CatalogEntry[];
  users: StaffMember[];
}
