import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { PublicFormView } from '@salon/contracts';
import { applyTheme, loadStoredColorPreferences, resetTheme } from '../../lib/theme';
import { isPublicFormId } from '../../session/public-paths';
import { STORAGE_KEYS, storage } from '../../session/storage-keys';
import { FormFill } from '../forms/FormFill';
import { kioskReturnPath } from '../forms/kiosk';
import { publicFormsApi } from '../forms/public-forms-api';
import { PublicFrame } from './PublicFrame';
import { InvalidPublicPath } from './InvalidPublicPath';
import '../forms/forms.css';

/** A link's path and query: the page stays on this site whatever address the service was told. */
function localHref(link: string): string {
  const url = new URL(link, window.location.origin);
  return `${url.pathname}${url.search}`;
}

/**
 * Public form (/forms/{digits}): default theme colours, session loading skipped; filled and signed on
 * a phone. With `kiosk={clientId}` (opened by staff from the client's Forms tab on the front-desk
 * tablet) it fills the screen with large touch targets and, once signed, hands the tablet back to
 * that client's Forms tab. Opened by a client's own link (a text or e-mail carries one link per
 * visit), the thank-you leads on to that client's other open forms.
 */
export function PublicFormPage() {
  const { formId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const request = params.get('r');
  const backTo = kioskReturnPath(params.get('kiosk'));
  const valid = isPublicFormId(formId);
  const [form, setForm] = useState<PublicFormView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [done, setDone] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!valid) return;
    resetTheme();
    return () => {
      if (storage.get(STORAGE_KEYS.user)) applyTheme(loadStoredColorPreferences());
    };
  }, [valid]);
  useEffect(() => {
    if (!valid || !formId) return;
    publicFormsApi
      .form(formId, request)
      .then(setForm, (e: unknown) => setFailed(e instanceof Error ? e.message : 'This form could not be opened'));
  }, [valid, formId, request]);
  if (!valid) return <InvalidPublicPath />;
  const handBack = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    navigate(backTo!);
  };
  if (backTo)
    return (
      <main className="kiosk" data-testid="kiosk">
        {done ? (
          <section className="card public-doc kiosk-done" data-testid="form-done" role="status">
            <h1>Thank you</h1>
            <p className="lead">Your form is signed. Please hand the tablet back to the front desk.</p>
            <button type="button" className="btn btn-primary btn-lg" onClick={handBack}>
              Back to the staff screen
            </button>
          </section>
        ) : failed ? (
          <section className="card public-doc" data-testid="public-form">
            <h1>This form is not available</h1>
            <p className="lead">{failed}.</p>
            <button type="button" className="btn btn-secondary btn-lg" onClick={handBack}>
              Back to the staff screen
            </button>
          </section>
        ) : form ? (
          <FormFill form={form} request={request} onDone={setDone} />
        ) : (
          <p className="muted" role="status">
            Loading the form…
          </p>
        )}
      </main>
    );
  return (
    <PublicFrame>
      {done ? (
        <section className="card public-doc" data-testid="form-done" role="status">
          <h1>Thank you</h1>
          {form?.moreForms.length ? (
            <>
              <p className="lead">
                Your form was signed and sent to {form.businessName}. {form.moreForms.length === 1 ? 'One more form' : 'More forms'} to fill
                before your visit:
              </p>
              <ul className="more-forms-list" data-testid="more-forms">
                {form.moreForms.map((f) => (
                  <li key={f.link}>
                    <a className="btn btn-primary" href={localHref(f.link)}>
                      Fill in {f.formName}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="lead">Your form was signed and sent to {form?.businessName ?? 'the salon'}. You can close this page.</p>
          )}
        </section>
      ) : failed ? (
        <section className="card public-doc" data-testid="public-form">
          <h1>This form is not available</h1>
          <p className="lead">{failed}. If the salon sent you this link, ask them for a new one.</p>
        </section>
      ) : form ? (
        <FormFill form={form} request={request} onDone={setDone} />
      ) : (
        <p className="muted" role="status">
          Loading the form…
        </p>
      )}
    </PublicFrame>
  );
}
