import { useParams } from 'react-router-dom';
import { isPublicDocumentId } from '../../session/public-paths';
import { PublicFrame } from './PublicFrame';
import { InvalidPublicPath } from './InvalidPublicPath';

/** Public document (/documents/{[A-Za-z0-9_-]+}). */
export function PublicDocumentPage() {
  const { documentId } = useParams();
  if (!isPublicDocumentId(documentId)) return <InvalidPublicPath />;
  return (
    <PublicFrame>
      <section className="card public-doc" data-testid="public-document">
        <p className="eyebrow">Shared document</p>
        <h1>Document {documentId}</h1>
        <p className="lead">
          Shared documents are coming: this link will show a document the salon shared with you, such as aftercare instructions or a price
          list.
        </p>
      </section>
    </PublicFrame>
  );
}
