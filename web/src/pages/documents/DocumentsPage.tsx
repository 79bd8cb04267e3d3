import { useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { ClientPicker } from '../../components/client-picker/ClientPicker';
import type { PickerClient } from '../../components/client-picker/client-picker-gql';
import { apiRequestRaw } from './upload';
import { previewKind, SHARE_EXPIRY_CHOICES, uploadPath } from './document-actions';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDate } from '../../lib/format';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { DELETE_DOCUMENT, DOCUMENT_DOWNLOAD, DOCUMENTS, REVOKE_DOCUMENT, SHARE_DOCUMENT } from '../forms/forms-gql';
import '../../styles/clients.css';
import '../forms/forms.css';

const KIND_LABEL: Record<string, string> = {
  policy: 'Policy',
  waiver: 'Waiver',
  aftercare: 'Aftercare',
  photo: 'Photo',
  form_pdf: 'Signed form',
  other: 'Other',
};

interface Preview {
  id: string;
  title: string;
  contentType: string;
  url: string;
}

/** Share with a chosen expiry: the row's own choice, then the button. */
function ShareControl({ id, title, onShare }: { id: string; title: string; onShare(id: string, days: number | null): void }) {
  const [days, setDays] = useState('30');
  return (
    <span className="share-control">
      <label className="visually-hidden" htmlFor={`share-days-${id}`}>
        Link for {title} expires after
      </label>
      <select id={`share-days-${id}`} value={days} onChange={(e) => setDays(e.target.value)}>
        {SHARE_EXPIRY_CHOICES.map((c) => (
          <option key={c.label} value={c.days === null ? '' : String(c.days)}>
            {c.label}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onShare(id, days ? Number(days) : null)}>
        Share <span className="visually-hidden">{title}</span>
      </button>
    </span>
  );
}

/** /documents: files for clients and the business; upload (sniffed by the service), preview, share by a public link that may expire, revoke, delete. */
export function DocumentsPage() {
  const { can } = usePermissions();
  const canEdit = can(PERMISSIONS.EDIT_CLIENTS);
  const canDelete = can(PERMISSIONS.DELETE_CLIENTS);
  const q = useQuery(DOCUMENTS, { fetchPolicy: 'cache-and-network' });
  const client = useApolloClient();
  const [share] = useMutation(SHARE_DOCUMENT);
  const [revoke] = useMutation(REVOKE_DOCUMENT);
  const [remove] = useMutation(DELETE_DOCUMENT);
  const [forClient, setForClient] = useState<PickerClient | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState('policy');
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  if (q.loading && !q.data) return <Spinner fullScreen={false} />;
  const docs = q.data?.documents ?? [];

  const upload = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setUploading(true);
    try {
      await apiRequestRaw(uploadPath({ title, fileName: file.name, kind, clientId: forClient?.id ?? null }), file);
      toast({ title: 'Document uploaded', description: forClient ? `For ${forClient.fullName}` : 'For the business', variant: 'success' });
      setTitle('');
      setFile(null);
      setForClient(null);
      await q.refetch();
    } catch (err) {
      toast({ title: 'Could not upload', description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };

  const download = async (id: string) => {
    try {
      const res = await client.query({ query: DOCUMENT_DOWNLOAD, variables: { id }, fetchPolicy: 'network-only' });
      if (res.data) window.location.assign(res.data.documentDownload.url);
    } catch (err) {
      toast({ title: 'Could not download', description: graphqlErrorMessage(err), variant: 'destructive' });
    }
  };

  /** A short-lived link with inline disposition: the image or PDF shows in place (the link stops working after a few minutes). */
  const showPreview = async (d: { id: string; title: string; contentType: string }) => {
    try {
      const res = await client.query({ query: DOCUMENT_DOWNLOAD, variables: { id: d.id, inline: true }, fetchPolicy: 'network-only' });
      if (res.data) setPreview({ id: d.id, title: d.title, contentType: d.contentType, url: res.data.documentDownload.url });
    } catch (err) {
      toast({ title: 'Could not preview', description: graphqlErrorMessage(err), variant: 'destructive' });
    }
  };

  const doShare = (id: string, expiresInDays: number | null) =>
    share({ variables: { id, expiresInDays } }).then(
      () => q.refetch(),
      (e) => toast({ title: 'Could not share', description: graphqlErrorMessage(e), variant: 'destructive' }),
    );

  // A signed form's PDF is kept under the retention rule: the service refuses (409) and its message says until when.
  const doDelete = async (d: { id: string; title: string }) => {
    if (!window.confirm(`Delete ${d.title}? Its file is removed and any public link stops working.`)) return;
    try {
      await remove({ variables: { id: d.id } });
      if (preview?.id === d.id) setPreview(null);
      toast({ title: 'Document deleted', variant: 'success' });
      await q.refetch();
    } catch (e) {
      toast({ title: 'Could not delete', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };

  const previewAs = preview ? previewKind(preview.contentType) : null;

  return (
    <section className="page" data-testid="documents-page">
      <header className="page-header">
        <div>
          <h1>Documents</h1>
          <p className="muted">
            Policies, waivers, aftercare sheets and signed forms. A shared document opens without signing in until you revoke its link.
          </p>
        </div>
      </header>
      {canEdit ? (
        <form className="card form" onSubmit={upload} aria-label="Upload a document">
          <div className="field">
            <label htmlFor="doc-title">Title</label>
            <input id="doc-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="doc-kind">Kind</label>
            <select id="doc-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
              {Object.entries(KIND_LABEL)
                .filter(([k]) => k !== 'form_pdf')
                .map(([k, l]) => (
                  <option key={k} value={k}>
                    {l}
                  </option>
                ))}
            </select>
          </div>
          <div className="field">
            <ClientPicker
              value={forClient}
              onChange={setForClient}
              label="For a client (leave empty for the business)"
              allowCreate={false}
            />
          </div>
          <div className="field">
            <label htmlFor="doc-file">File (PDF, PNG, JPEG, WebP or text, up to 10 MB)</label>
            <input
              id="doc-file"
              type="file"
              accept="application/pdf,image/png,image/jpeg,image/webp,text/plain"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <div className="row-actions">
            <button type="submit" className="btn btn-primary" disabled={!file || uploading}>
              {uploading ? 'Uploading…' : 'Upload'}
            </button>
          </div>
        </form>
      ) : null}
      <div className="card table-card">
        <table className="table documents-table" aria-label="Documents">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Kind</th>
              <th scope="col">For</th>
              <th scope="col">Public link</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {docs.map((d) => (
              <tr key={d.id}>
                <td>{d.title}</td>
                <td>{KIND_LABEL[d.kind] ?? d.kind}</td>
                <td>{d.clientId ? <a href={`/clients/${d.clientId}`}>Client</a> : 'Business'}</td>
                <td>
                  {d.publicId ? (
                    <a href={`/documents/${d.publicId}`} target="_blank" rel="noreferrer">
                      /documents/{d.publicId.slice(0, 8)}…
                    </a>
                  ) : null}
                  {d.publicId ? (
                    <span className="muted"> · {d.publicExpiresAt ? `until ${formatDate(d.publicExpiresAt)}` : 'no end date'}</span>
                  ) : null}
                  {d.publicId ? null : <span className="muted">Not shared</span>}
                </td>
                <td className="row-actions">
                  {previewKind(d.contentType) ? (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void showPreview(d)}>
                      Preview <span className="visually-hidden">{d.title}</span>
                    </button>
                  ) : null}
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void download(d.id)}>
                    Download <span className="visually-hidden">{d.title}</span>
                  </button>
                  {canEdit && !d.publicId ? (
                    <ShareControl id={d.id} title={d.title} onShare={(id, days) => void doShare(id, days)} />
                  ) : null}
                  {canEdit && d.publicId ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() =>
                        revoke({ variables: { id: d.id } }).then(
                          () => q.refetch(),
                          (e) => toast({ title: 'Could not revoke', description: graphqlErrorMessage(e), variant: 'destructive' }),
                        )
                      }
                    >
                      Revoke link <span className="visually-hidden">of {d.title}</span>
                    </button>
                  ) : null}
                  {canDelete ? (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void doDelete(d)}>
                      Delete <span className="visually-hidden">{d.title}</span>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {docs.length === 0 ? <p className="muted">No documents yet.</p> : null}
      </div>
      {preview ? (
        <section className="card document-preview" aria-label={`Preview of ${preview.title}`} data-testid="document-preview">
          <div className="card-head">
            <h2 className="card-title">{preview.title}</h2>
            <div className="row-actions">
              <a className="btn btn-ghost btn-sm" href={preview.url} target="_blank" rel="noreferrer">
                Open in a new tab
              </a>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setPreview(null)}>
                Close preview
              </button>
            </div>
          </div>
          {previewAs === 'image' ? <img src={preview.url} alt={preview.title} /> : null}
          {previewAs === 'frame' ? <iframe src={preview.url} title={`Preview of ${preview.title}`} /> : null}
          <p className="muted">This preview's link works for a few minutes; press Preview again after that.</p>
        </section>
      ) : null}
    </section>
  );
}
