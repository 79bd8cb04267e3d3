import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PublicDocumentView } from '@salon/contracts';
import { isPublicDocumentId } from '../../session/public-paths';
import { publicFormsApi } from '../forms/public-forms-api';
import { PublicFrame } from './PublicFrame';
import { InvalidPublicPath } from './InvalidPublicPath';

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1_048_576 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Public document (/documents/{[A-Za-z0-9_-]+}): a document the salon shared, while the link is live. */
export function PublicDocumentPage() {
  const { documentId } = useParams();
  const valid = isPublicDocumentId(documentId);
  const [doc, setDoc] = useState<PublicDocumentView | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!valid || !documentId) return;
    publicFormsApi.document(documentId).then(setDoc, () => setFailed(true));
  }, [valid, documentId]);
  if (!valid) return <InvalidPublicPath />;
  return (
    <PublicFrame>
      <section className="card public-doc" data-testid="public-document">
        {doc ? (
          <>
            <p className="eyebrow">Shared by {doc.businessName}</p>
            <h1>{doc.title}</h1>
            {doc.description ? <p className="lead">{doc.description}</p> : null}
            <p className="muted">
              {doc.fileName} · {size(doc.size)}
              {doc.expiresAt ? ` · available until ${new Date(doc.expiresAt).toLocaleDateString()}` : ''}
            </p>
            <p>
              <a className="btn btn-primary" href={`/api/documents/public/${documentId}/download`}>
                Download {doc.fileName}
              </a>
            </p>
          </>
        ) : failed ? (
          <>
            <h1>This document is not available</h1>
            <p className="lead">The link may have expired or been withdrawn. Ask the salon for a new one.</p>
          </>
        ) : (
          <p className="muted" role="status">
            Loading…
          </p>
        )}
      </section>
    </PublicFrame>
  );
}
