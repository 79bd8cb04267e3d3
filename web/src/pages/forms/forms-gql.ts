import { graphql } from '../../gql';

export const FORM_FIELDS = graphql(`
  fragment FormFields on Form {
    id
    name
    purpose
    definition
    serviceIds
    oncePerClient
    publishedVersion
    hasDraftChanges
    archived
    submissionCount
    updatedAt
    version
  }
`);

export const FORMS = graphql(`
  query Forms {
    forms {
      ...FormFields
    }
    services {
      id
      name
      locationId
    }
  }
`);

export const CREATE_FORM = graphql(`
  mutation CreateForm($input: FormInput!) {
    createForm(input: $input) {
      ...FormFields
    }
  }
`);

export const UPDATE_FORM = graphql(`
  mutation UpdateForm($id: ID!, $input: FormInput!) {
    updateForm(id: $id, input: $input) {
      ...FormFields
    }
  }
`);

export const PUBLISH_FORM = graphql(`
  mutation PublishForm($id: ID!, $version: Int) {
    publishForm(id: $id, version: $version) {
      ...FormFields
    }
  }
`);

export const FORM_SUBMISSIONS = graphql(`
  query FormSubmissions($formId: ID!) {
    formSubmissions(formId: $formId) {
      id
      version
      clientId
      signerName
      signedAt
    }
  }
`);

export const CLIENT_FORMS = graphql(`
  query ClientFormsAndDocuments($clientId: ID!) {
    clientForms(clientId: $clientId) {
      formId
      formName
      status
      link
      dueAt
      submissionId
      signedAt
      intact
      reads {
        readerId
        readerRole
        readAt
        via
      }
      files {
        fieldKey
        fileName
        contentType
        size
      }
    }
    documents(clientId: $clientId) {
      id
      title
      kind
      fileName
      createdAt
      submissionId
    }
  }
`);

export const DOCUMENTS = graphql(`
  query Documents {
    documents {
      id
      title
      kind
      fileName
      contentType
      size
      clientId
      publicId
      publicExpiresAt
      createdAt
      submissionId
    }
  }
`);

export const DOCUMENT_DOWNLOAD = graphql(`
  query DocumentDownload($id: ID!, $inline: Boolean) {
    documentDownload(id: $id, inline: $inline) {
      url
      expiresAt
    }
  }
`);

export const FORM_SUBMISSION_FILE = graphql(`
  query FormSubmissionFile($id: ID!, $fieldKey: String!) {
    formSubmissionFile(id: $id, fieldKey: $fieldKey) {
      url
    }
  }
`);

/** Names for the read log: staff and admins (asked only by those who may see staff). */
export const FORM_READER_NAMES = graphql(`
  query FormReaderNames {
    staff: users(role: staff, includeInactive: true) {
      id
      fullName
    }
    admins: users(role: admin, includeInactive: true) {
      id
      fullName
    }
  }
`);

export const SHARE_DOCUMENT = graphql(`
  mutation ShareDocument($id: ID!, $expiresInDays: Int) {
    shareDocument(id: $id, expiresInDays: $expiresInDays) {
      id
      publicId
      publicExpiresAt
    }
  }
`);

export const DELETE_DOCUMENT = graphql(`
  mutation DeleteDocument($id: ID!) {
    deleteDocument(id: $id)
  }
`);

export const REVOKE_DOCUMENT = graphql(`
  mutation RevokeDocument($id: ID!) {
    revokeDocument(id: $id) {
      id
      publicId
    }
  }
`);

export const SEND_CLIENT_FORMS = graphql(`
  mutation SendClientForms($clientId: ID!) {
    sendClientForms(clientId: $clientId) {
      sendId
      formNames
      expiresAt
    }
  }
`);
