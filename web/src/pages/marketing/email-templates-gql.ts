import { graphql } from '../../gql';
import type { EmailTemplatesQuery } from '../../gql/graphql';

export const EMAIL_TEMPLATES = graphql(`
  query EmailTemplates {
    emailTemplates {
      id
      name
      mjml
      version
      updatedAt
    }
    bookingDesign {
      primaryColor
      backgroundColor
      logoUrl
    }
    businessSettings {
      businessName
    }
  }
`);

export const RENDER_EMAIL_TEMPLATE = graphql(`
  query RenderEmailTemplate($mjml: String!, $brand: EmailBrandInput!) {
    renderEmailTemplate(mjml: $mjml, brand: $brand) {
      html
      errors {
        line
        message
      }
    }
  }
`);

export const SAVE_EMAIL_TEMPLATE = graphql(`
  mutation SaveEmailTemplate($input: SaveEmailTemplateInput!) {
    saveEmailTemplate(input: $input) {
      id
      name
      mjml
      version
      updatedAt
    }
  }
`);

export type EmailTemplateItem = EmailTemplatesQuery['emailTemplates'][number];
