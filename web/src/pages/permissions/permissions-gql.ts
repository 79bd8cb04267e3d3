import { graphql } from '../../gql';
import type { GroupFieldsFragment, PermissionsPageQuery } from '../../gql/graphql';

export const GROUP_FIELDS = graphql(`
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
`);

export const PERMISSIONS_PAGE = graphql(`
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
`);

export const CREATE_GROUP = graphql(`
  mutation CreatePermissionGroup($input: CreatePermissionGroupInput!) {
    createPermissionGroup(input: $input) {
      ...GroupFields
    }
  }
`);
export const RENAME_GROUP = graphql(`
  mutation RenamePermissionGroup($id: ID!, $name: String!) {
    renamePermissionGroup(id: $id, name: $name) {
      ...GroupFields
    }
  }
`);
export const SET_GROUP_PERMISSIONS = graphql(`
  mutation SetGroupPermissions($id: ID!, $permissions: [String!]!) {
    setGroupPermissions(id: $id, permissions: $permissions) {
      ...GroupFields
    }
  }
`);
export const DELETE_GROUP = graphql(`
  mutation DeletePermissionGroup($id: ID!) {
    deletePermissionGroup(id: $id)
  }
`);
export const ADD_MEMBER = graphql(`
  mutation AddGroupMember($groupId: ID!, $userId: ID!) {
    addGroupMember(groupId: $groupId, userId: $userId) {
      ...GroupFields
    }
  }
`);
export const REMOVE_MEMBER = graphql(`
  mutation RemoveGroupMember($groupId: ID!, $userId: ID!) {
    removeGroupMember(groupId: $groupId, userId: $userId) {
      ...GroupFields
    }
  }
`);
export const SET_DIRECT_PERMISSIONS = graphql(`
  mutation SetDirectPermissions($userId: ID!, $permissions: [String!]!) {
    setDirectPermissions(userId: $userId, permissions: $permissions) {
      id
      directPermissions
    }
  }
`);

export type PermissionsPageData = PermissionsPageQuery;
export type CatalogEntry = PermissionsPageQuery['permissionCatalog'][number];
export type Group = GroupFieldsFragment;
export type StaffMember = PermissionsPageQuery['users'][number];
