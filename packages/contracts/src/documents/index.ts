/**
 * The documents service's wire contract: forms and their versions, submissions, documents (one file
 * per area; services/documents/README.md names them). Types are inferred.
 */
export * from './forms.js';
export * from './submissions.js';
export * from './documents.js';
