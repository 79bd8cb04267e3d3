import type { BookedFormView, PublicDocumentView, PublicFormView, SubmissionReceipt } from '@salon/contracts';
import { api } from '../../lib/api-client';

/** The public pages' calls: no session, a 401 never ends one. */
export const publicFormsApi = {
  form: (id: string, request: string | null) =>
    api.get<PublicFormView>(`/api/forms/public/${id}${request ? `?r=${encodeURIComponent(request)}` : ''}`, { sessionCall: false }),
  submit: (id: string, body: unknown) => api.post<SubmissionReceipt>(`/api/forms/public/${id}/submissions`, body, { sessionCall: false }),
  /** The forms an online booking asks, by its answer's formsKey. */
  booked: (formsKey: string) =>
    api.get<BookedFormView[]>(`/api/forms/public/booked/${encodeURIComponent(formsKey)}`, { sessionCall: false }),
  document: (id: string) => api.get<PublicDocumentView>(`/api/documents/public/${encodeURIComponent(id)}`, { sessionCall: false }),
};
