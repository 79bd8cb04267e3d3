import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { SettingsError, useBusinessSettings, useUpdateBusinessSettings } from '../../session/business-settings';
import { usePermissions } from '../../session/use-permissions';
import { toast } from '../../shell/Toaster';
import { readAsDataUrl, validateLogoFile } from './logo';

export function BusinessSettingsCard() {
  const settings = useBusinessSettings();
  const update = useUpdateBusinessSettings();
  const { can } = usePermissions();
  const canEdit = can(PERMISSIONS.EDIT_BUSINESS_SETTINGS);
  const [name, setName] = useState('');
  const [logo, setLogo] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data) {
      setName(settings.data.businessName ?? '');
      setLogo(settings.data.businessLogo ?? null);
    }
  }, [settings.data]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = validateLogoFile(file);
    setLogoError(problem);
    if (problem) return;
    try {
      setLogo(await readAsDataUrl(file));
    } catch (err) {
      setLogoError(err instanceof Error ? err.message : 'Could not read the file');
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { businessName: name.trim(), businessLogo: logo },
      { onSuccess: () => toast({ title: 'Business settings saved', variant: 'success' }) },
    );
  };

  const dirty = !!settings.data && (name.trim() !== (settings.data.businessName ?? '') || logo !== (settings.data.businessLogo ?? null));
  const err = update.error as SettingsError | null;
  const fetchErr = settings.error as SettingsError | null;

  return (
    <section className="card" aria-labelledby="business-title" data-testid="business-settings">
      <div className="card-head">
        <div>
          <h2 id="business-title" className="card-title">
            Business
          </h2>
          <p className="muted small">Your business name and logo appear in the menu, on receipts and on the booking page.</p>
        </div>
        {!canEdit && <span className="badge">View only</span>}
      </div>
      {fetchErr && (
        <div className="alert alert-error" role="alert">
          {fetchErr.message}
          {fetchErr.detail && <span className="alert-detail">{fetchErr.detail}</span>}
        </div>
      )}
      {fetchErr ? null : settings.isPending ? (
        <p className="muted">Loading...</p>
      ) : (
        <form className="form" onSubmit={save} aria-label="Business settings">
          <div className="field">
            <label htmlFor="business-name">Business name</label>
            <input id="business-name" value={name} onChange={(e) => setName(e.target.value)} readOnly={!canEdit} required maxLength={120} />
          </div>
          <div className="field">
            <span className="label" id="logo-label">
              Logo
            </span>
            <div className="logo-row">
              <div className="logo-preview" aria-labelledby="logo-label">
                {logo ? <img src={logo} alt="Business logo preview" /> : <span className="muted small">No logo</span>}
              </div>
              {canEdit && (
                <div className="stack-sm">
                  <label className="btn btn-secondary btn-sm file-btn">
                    Upload image
                    <input type="file" accept="image/*" className="visually-hidden" onChange={onFile} aria-describedby="logo-hint" />
                  </label>
                  {logo && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setLogo(null)}>
                      Remove logo
                    </button>
                  )}
                  <p className="hint" id="logo-hint">
                    PNG, JPG, SVG or WebP, up to 300 KB.
                  </p>
                </div>
              )}
            </div>
            {logoError && (
              <p className="field-error" role="alert">
                {logoError}
              </p>
            )}
          </div>
          {err && (
            <div className="alert alert-error" role="alert">
              {err.message}
              {err.detail && <span className="alert-detail">{err.detail}</span>}
            </div>
          )}
          {canEdit && (
            <div className="form-actions">
              <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
                {update.isPending ? 'Saving…' : 'Save business settings'}
              </button>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
