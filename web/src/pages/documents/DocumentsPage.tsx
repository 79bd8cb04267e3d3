import { useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { apiRequestRaw } from './upload';
import { graphqlErrorMessage } from '../../lib/apollo';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { DOCUMENT_DOWNLOAD, DOCUMENTS, REVOKE_DOCUMENT, SHARE_DOCUMENT } from '../forms/forms-gql';
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

/** /documents: files for clients and the business; upload (sniffed by the service), share by a public link, revoke. */
export function DocumentsPage() {
  const { can } = usePermissions();
  const canEdit = can(PERMISSIONS.EDIT_CLIENTS);
  const q = useQuery(DOCUMENTS, { fetchPolicy: 'cache-and-network' });
  const client = useApolloClient();
  const [share] = useMutation(SHARE_DOCUMENT);
  const [revoke] = useMutation(REVOKE_DOCUMENT);
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
      await apiRequestRaw(`/api/documents?${new URLSearchParams({ title: title || file.name, fileName: file.name, kind })}`, file);
      toast({ title: 'Document uploaded', variant: 'success' });
      setTitle('');
      setFile(null);
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
                  ) : (
                    <span className="muted">Not shared</span>
                  )}
                </td>
                <td className="row-actions">
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void download(d.id)}>
                    Download <span className="visually-hidden">{d.title}</span>
                  </button>
                  {canEdit && !d.publicId ? (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() =>
                        share({ variables: { id: d.id } }).then(
                          () => q.refetch(),
                          (e) => toast({ title: 'Could not share', description: graphqlErrorMessage(e), variant: 'destructive' }),
                        )
                      }
                    >
                      Share <span className="visually-hidden">{d.title}</span>
                    </button>
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {docs.length === 0 ? <p className="muted">No documents yet.</p> : null}
      </div>
    </section>
  );
}
