import type { FormVersionView, FormView } from '@salon/contracts';
import { hasDraftChanges } from '../domain/form-versions.rules.js';
import type { FormRow, FormVersionRow } from '../persistence/form.repository.js';

export function toFormView(row: FormRow, latest: FormVersionRow | null): FormView {
  return {
    id: row.id,
    name: row.name,
    purpose: row.purpose,
    definition: row.definition,
    serviceIds: row.serviceIds,
    oncePerClient: row.oncePerClient,
    publishedVersion: row.publishedVersion,
    hasDraftChanges: hasDraftChanges(row, latest),
    archived: row.archived,
    submissionCount: row.submissionCount,
    updatedAt: new Date(row.updatedAt).toISOString(),
    version: row.version,
  };
}

export function toFormVersionView(row: FormVersionRow): FormVersionView {
  return {
    formId: row.formId,
    version: row.version,
    name: row.name,
    definition: row.definition,
    publishedAt: new Date(row.publishedAt).toISOString(),
  };
}

/** A public form id: digits only, and small enough for the bigint column (a longer one is simply unknown). */
export function isFormId(id: unknown): id is string {
  return typeof id === 'string' && /^\d{1,18}$/.test(id);
}
