import { graphql } from '../../gql';
import type { ClientLocationOptionsQuery, ClientsListQuery, ClientStaffOptionsQuery } from '../../gql/graphql';

/** The list: GraphQL `clients(search, tag, locationId, lastVisitBefore, lastVisitAfter, limit, offset, sort)` → `{ items total }`. */
export const CLIENTS = graphql(`
  query ClientsList(
    $search: String
    $tag: String
    $locationId: ID
    $lastVisitBefore: String
    $lastVisitAfter: String
    $limit: Int
    $offset: Int
    $sort: String
  ) {
    clients(
      search: $search
      tag: $tag
      locationId: $locationId
      lastVisitBefore: $lastVisitBefore
      lastVisitAfter: $lastVisitAfter
      limit: $limit
      offset: $offset
      sort: $sort
    ) {
      total
      items {
        id
        firstName
        lastName
        fullName
        phone
        email
        tags
        lastVisitAt
        createdAt
        possibleDuplicateCount
        alerts {
          id
          kind
          text
          critical
        }
      }
    }
  }
`);

/** A row of the list and the picker: what the list query asks for. */
export type ClientSummary = ClientsListQuery['clients']['items'][number];

/** Locations of identity's subgraph, for the location filter and preferred location. */
export const LOCATION_OPTIONS = graphql(`
  query ClientLocationOptions {
    locations {
      id
      name
      isDefault
      isActive
    }
  }
`);

export type LocationOption = ClientLocationOptionsQuery['locations'][number];

/** Staff for "preferred staff" (needs view_staff; the profile skips it otherwise). */
export const STAFF_OPTIONS = graphql(`
  query ClientStaffOptions {
    users(role: staff) {
      id
      fullName
      email
      isActive
    }
  }
`);

export type StaffOption = ClientStaffOptionsQuery['users'][number];

/** Every field of the profile's client (docs/clients-api.md's client view). */
export const CLIENT_FIELDS = graphql(`
  fragment ClientFields on Client {
    id
    firstName
    lastName
    fullName
    phone
    email
    birthday
    address {
      line1
      line2
      city
      region
      postalCode
      country
    }
    preferredLocationId
    preferredStaffId
    tags
    alerts {
      id
      kind
      text
      critical
    }
    source
    smsConsent {
      granted
      changedAt
      method
      changedBy
    }
    emailConsent {
      granted
      changedAt
      method
      changedBy
    }
    lastVisitAt
    lifetimeSpendMinor
    lastPurchaseAt
    createdAt
    updatedAt
    createdBy
    updatedBy
    version
    possibleDuplicateCount
  }
`);

export const NOTE_FIELDS = graphql(`
  fragment NoteFields on Note {
    id
    clientId
    body
    templateId
    templateName
    values
    pinned
    authorId
    authorName
    createdAt
    updatedAt
    version
  }
`);

export const TEMPLATE_FIELDS = graphql(`
  fragment NoteTemplateFields on NoteTemplate {
    id
    name
    description
    sections {
      id
      title
      fields {
        id
        label
        type
        required
        options
      }
    }
    archived
    createdAt
    updatedAt
    version
  }
`);

export const CLIENT = graphql(`
  query ClientProfile($id: ID!) {
    client(id: $id) {
      ...ClientFields
    }
  }
`);

export const CLIENT_NOTES = graphql(`
  query ClientNotes($id: ID!) {
    client(id: $id) {
      id
      notes {
        ...NoteFields
      }
    }
  }
`);

export const CLIENT_DUPLICATES = graphql(`
  query ClientDuplicates($id: ID!) {
    clientDuplicates(id: $id) {
      reasons
      client {
        ...ClientFields
      }
    }
  }
`);

export const NOTE_TEMPLATES = graphql(`
  query NoteTemplates($includeArchived: Boolean) {
    noteTemplates(includeArchived: $includeArchived) {
      ...NoteTemplateFields
    }
  }
`);

export const CREATE_CLIENT = graphql(`
  mutation CreateClient($input: CreateClientInput!) {
    createClient(input: $input) {
      ...ClientFields
    }
  }
`);

export const UPDATE_CLIENT = graphql(`
  mutation UpdateClient($id: ID!, $input: UpdateClientInput!) {
    updateClient(id: $id, input: $input) {
      ...ClientFields
    }
  }
`);

export const DELETE_CLIENT = graphql(`
  mutation DeleteClient($id: ID!, $mode: String) {
    deleteClient(id: $id, mode: $mode)
  }
`);

export const MERGE_CLIENTS = graphql(`
  mutation MergeClients($survivorId: ID!, $duplicateId: ID!) {
    mergeClients(survivorId: $survivorId, duplicateId: $duplicateId) {
      ...ClientFields
    }
  }
`);

export const ADD_NOTE = graphql(`
  mutation AddNote($clientId: ID!, $input: AddNoteInput!) {
    addNote(clientId: $clientId, input: $input) {
      ...NoteFields
    }
  }
`);

export const UPDATE_NOTE = graphql(`
  mutation UpdateNote($clientId: ID!, $noteId: ID!, $input: UpdateNoteInput!) {
    updateNote(clientId: $clientId, noteId: $noteId, input: $input) {
      ...NoteFields
    }
  }
`);

export const DELETE_NOTE = graphql(`
  mutation DeleteNote($clientId: ID!, $noteId: ID!) {
    deleteNote(clientId: $clientId, noteId: $noteId)
  }
`);

export const CREATE_NOTE_TEMPLATE = graphql(`
  mutation CreateNoteTemplate($input: NoteTemplateInput!) {
    createNoteTemplate(input: $input) {
      ...NoteTemplateFields
    }
  }
`);

export const UPDATE_NOTE_TEMPLATE = graphql(`
  mutation UpdateNoteTemplate($id: ID!, $input: NoteTemplateInput!, $version: Int) {
    updateNoteTemplate(id: $id, input: $input, version: $version) {
      ...NoteTemplateFields
    }
  }
`);

export const DELETE_NOTE_TEMPLATE = graphql(`
  mutation DeleteNoteTemplate($id: ID!) {
    deleteNoteTemplate(id: $id)
  }
`);
