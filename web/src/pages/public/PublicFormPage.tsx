import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { applyTheme, loadStoredColorPreferences, resetTheme } from '../../lib/theme';
import { isPublicFormId } from '../../session/public-paths';
import { STORAGE_KEYS, storage } from '../../session/storage-keys';
import { PublicFrame } from './PublicFrame';
import { InvalidPublicPath } from './InvalidPublicPath';

/** Public form (/forms/{digits}): default theme colours, session loading skipped. */
export function PublicFormPage() {
  const { formId } = useParams();
  const valid = isPublicFormId(formId);
  useEffect(() => {
    if (!valid) return;
    resetTheme();
    return () => {
      if (storage.get(STORAGE_KEYS.user)) applyTheme(loadStoredColorPreferences());
    };
  }, [valid]);
  if (!valid) return <InvalidPublicPath />;
  return (
    <PublicFrame>
      <section className="card public-doc" data-testid="public-form">
        <p className="eyebrow">Form #{formId}</p>
        <h1>Client form</h1>
        <p className="lead">
          Online forms are coming: this link will open an intake or consent form that you fill in and sign on your phone before your visit.
        </p>
        <p className="muted">If the salon sent you this link, they can also hand you the form in person at your next appointment.</p>
      </section>
    </PublicFrame>
  );
}
