import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { CLIENT_FORMS, DOCUMENT_DOWNLOAD, FORM_READER_NAMES, FORM_SUBMISSION_FILE, SEND_CLIENT_FORMS } from '../forms/forms-gql';
import { integrityLabel, readLine } from './form-reads';
import { kioskPath } from '../forms/kiosk';
import '../forms/forms.css';

const STATUS: Record<string, string> = { due: 'Due', filled: 'Filled', expired: 'Expired' };

/** The profile's Forms tab: forms due (with the client's own link), filled (the signed PDF), expired; and the client's documents. */
export function FormsPanel({ clientId }: { clientId: string }) {
  const q = useQuery(CLIENT_FORMS, { variables: { clientId }, fetchPolicy: 'cache-and-network' });
  const client = useApolloClient();
  const navigate = useNavigate();
  const [sendForms, sending] = useMutation(SEND_CLIENT_FORMS);
  const { can } = usePermissions();
  const staffNames = useQuery(FORM_READER_NAMES, { skip: !can(PERMISSIONS.VIEW_STAFF) });
  if (q.loading && !q.data) return <Spinner fullScreen={false} />;
  if (q.error && !q.data) return <div className="card alert alert-error">{graphqlErrorMessage(q.error)}</div>;
  const forms = q.data?.clientForms ?? [];
  const documents = q.data?.documents ?? [];
  const names = new Map([...(staffNames.data?.staff ?? []), ...(staffNames.data?.admins ?? [])].map((u) => [u.id, u.fullName]));
  const pdfOf = new Map(documents.filter((d) => d.submissionId).map((d) => [d.submissionId!, d.id]));

  /** Tablet mode: the front-desk tablet goes full screen (the click allows it) and shows the form to the client. */
  const openOnTablet = (link: string) => {
    void document.documentElement.requestFullscreen?.()?.catch(() => undefined);
    navigate(kioskPath(link, clientId));
  };

  /** One message with the link to the open forms: a text when the client agreed to texts, else an e-mail (messaging decides). */
  const send = async () => {
    try {
      const res = await sendForms({ variables: { clientId } });
      const names = res.data?.sendClientForms.formNames ?? [];
      toast({
        title: 'Forms sent',
        description: `${names.join(', ')}: the client gets a link by text or e-mail (a text waits for quiet hours to end).`,
      });
    } catch (e) {
      toast({ title: 'Could not send the forms', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  // Opening a signed PDF or an uploaded file is logged as a read: the list is asked again to show it.
  const download = async (id: string) => {
    try {
      const res = await client.query({ query: DOCUMENT_DOWNLOAD, variables: { id }, fetchPolicy: 'network-only' });
      if (res.data) window.open(res.data.documentDownload.url, '_blank', 'noopener');
      void q.refetch();
    } catch (e) {
      toast({ title: 'Could not open the document', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  const openFile = async (submissionId: string, fieldKey: string) => {
    try {
      const res = await client.query({
        query: FORM_SUBMISSION_FILE,
        variables: { id: submissionId, fieldKey },
        fetchPolicy: 'network-only',
      });
      if (res.data) window.open(res.data.formSubmissionFile.url, '_blank', 'noopener');
      void q.refetch();
    } catch (e) {
      toast({ title: 'Could not open the file', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  return (
    <div className="profile-grid" data-testid="tab-panel-forms">
      <section className="card">
        <div className="card-head">
          <h2 className="card-title">Forms</h2>
          {forms.some((f) => f.status === 'due') ? (
            <button type="button" className="btn btn-primary btn-sm" disabled={sending.loading} onClick={() => void send()}>
              {sending.loading ? 'Sending…' : 'Send forms by text or e-mail'}
            </button>
          ) : null}
        </div>
        {forms.length === 0 ? <p className="muted">No forms asked or filled yet.</p> : null}
        <ul className="stack-md" data-testid="client-forms">
          {forms.map((f, i) => (
            <li key={`${f.formId}-${f.submissionId ?? i}`}>
              <strong>{f.formName}</strong> ·{' '}
              <span className={`badge form-status${f.status === 'due' ? ' badge-warning' : ''}`}>{STATUS[f.status] ?? f.status}</span>
              {f.signedAt ? <span className="muted"> · signed {formatDateTime(f.signedAt)}</span> : null}
              {f.dueAt && f.status === 'due' ? <span className="muted"> · before {formatDateTime(f.dueAt)}</span> : null}
              {f.link ? (
                <>
                  {' '}
                  · <a href={f.link}>Link to fill it</a> ·{' '}
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => openOnTablet(f.link!)}>
                    Fill on the tablet <span className="visually-hidden">({f.formName})</span>
                  </button>
                </>
              ) : null}
              {f.submissionId && pdfOf.has(f.submissionId) ? (
                <>
                  {' '}
                  ·{' '}
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void download(pdfOf.get(f.submissionId!)!)}>
                    Signed PDF <span className="visually-hidden">of {f.formName}</span>
                  </button>
                </>
              ) : null}
              {f.status === 'filled' && integrityLabel(f.intact) ? (
                <>
                  {' '}
                  ·{' '}
                  <span
                    className={`badge ${f.intact ? 'badge-success' : 'badge-danger'}`}
                    data-testid="form-integrity"
                    title={
                      f.intact ? 'Its stored answers still match what was signed' : 'Its stored answers no longer match what was signed'
                    }
                  >
                    {integrityLabel(f.intact)}
                  </span>
                </>
              ) : null}
              {f.submissionId && f.files && f.files.length > 0 ? (
                <div className="form-files">
                  {f.files.map((file) => (
                    <button
                      key={file.fieldKey}
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() => void openFile(f.submissionId!, file.fieldKey)}
                    >
                      {file.fileName} <span className="muted">({Math.max(1, Math.round(file.size / 1024))} KB)</span>
                      <span className="visually-hidden"> from {f.formName}</span>
                    </button>
                  ))}
                </div>
              ) : null}
              {f.reads ? (
                <details className="form-reads">
                  <summary>
                    {f.reads.length === 0 ? 'Not opened by anyone yet' : `Opened ${f.reads.length} time${f.reads.length === 1 ? '' : 's'}`}
                    <span className="visually-hidden"> ({f.formName})</span>
                  </summary>
                  <ul data-testid="form-reads">
                    {f.reads.map((r, j) => (
                      <li key={`${r.readAt}-${j}`}>{readLine(r, names)}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="card">
        <h2 className="card-title">Documents</h2>
        {documents.length === 0 ? <p className="muted">No documents for this client.</p> : null}
        <ul className="stack-md" data-testid="client-documents">
          {documents.map((d) => (
            <li key={d.id}>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => void download(d.id)}>
                {d.title}
              </button>
              <span className="muted"> · {formatDateTime(d.createdAt)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
