import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { fieldErrorsOf, graphqlRefusalOf } from '../../lib/api-client';
import { formatCents, formatDuration } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { usePermissions } from '../../session/use-permissions';
import { toast } from '../../shell/toast-store';
import { useStaffOptions } from '../services/staff-options';
import { BOOKING_DESIGN, DESIGN_SERVICES, SAVE_BOOKING_DESIGN } from './booking-design-gql';
import { designStyle } from './BookingFlow';
import { draftOf, logoFileProblem, payloadOf, toggleOffered, type DesignDraft } from './design-form';
import './booking.css';

/** /booking-design: colours, logo, texts, policies, and which services and staff are offered online, with a live preview. */
export function BookingDesignPage() {
  const { can } = usePermissions();
  const canEdit = can('edit_business_settings');
  const designQ = useQuery(BOOKING_DESIGN, { fetchPolicy: 'network-only' });
  const design = {
    data: designQ.data?.bookingDesign,
    isLoading: designQ.loading && !designQ.data,
    isError: !designQ.data && !!designQ.error,
    error: designQ.error,
  };
  const [draft, setDraft] = useState<DesignDraft | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  useEffect(() => {
    if (design.data && !draft) setDraft(draftOf(design.data));
  }, [design.data, draft]);
  const { active } = useLocations();
  const servicesQ = useQuery(DESIGN_SERVICES, { errorPolicy: 'all' });
  const services = (servicesQ.data?.services ?? []).filter((s) => s.onlineBookable && active.some((l) => l.id === s.locationId));
  const { people } = useStaffOptions();
  const [saveDesign, saveState] = useMutation(SAVE_BOOKING_DESIGN);
  const save = {
    isPending: saveState.loading,
    mutate: (d: DesignDraft) =>
      void saveDesign({ variables: { input: payloadOf(d) } }).then(
        (r) => {
          setDraft(draftOf(r.data!.saveBookingDesign));
          setProblems({});
          toast({ title: 'Booking page saved', description: 'Clients see the new design now.', variant: 'success' });
        },
        (e: unknown) => {
          const refusal = graphqlRefusalOf(e);
          setProblems(fieldErrorsOf(e));
          toast({
            title: 'Could not save',
            description: refusal?.message ?? (e instanceof Error ? e.message : String(e)),
            variant: 'destructive',
          });
          if (refusal?.code === 'CONFLICT') void designQ.refetch().then((r) => r.data && setDraft(draftOf(r.data.bookingDesign)));
        },
      ),
  };

  if (design.isLoading || !draft)
    return (
      <section className="page">
        <p className="muted">Loading…</p>
      </section>
    );
  if (design.isError)
    return (
      <section className="page">
        <div className="alert alert-error" role="alert">
          {(design.error as Error).message}
        </div>
      </section>
    );
  const set = (patch: Partial<DesignDraft>) => setDraft({ ...draft, ...patch });
  const pickLogo = (file: File | undefined) => {
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) return setProblems({ ...problems, logoUrl: problem });
    const reader = new FileReader();
    reader.onload = () => set({ logoUrl: String(reader.result) });
    reader.readAsDataURL(file);
  };
  const serviceIds = services.map((s) => s.id);
  const staffIds = people.map((p) => p.id);
  const sample = services[0];

  return (
    <section className="page stack" data-testid="booking-design-page">
      <header className="page-header">
        <div>
          <h1>Booking design</h1>
          <p className="muted">
            How your public booking page at{' '}
            <a href="/booking" target="_blank" rel="noreferrer">
              /booking
            </a>{' '}
            looks and what it offers.
          </p>
        </div>
        {canEdit && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={save.isPending}
            onClick={() => save.mutate(draft)}
            data-testid="save-design"
          >
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        )}
      </header>
      {!canEdit && <p className="muted">You can look but not change: saving needs the edit business settings permission.</p>}
      <div className="bk-design-grid">
        <fieldset className="card stack" disabled={!canEdit} aria-label="Look">
          <h2>Look</h2>
          <div className="bk-two">
            <ColorField
              label="Brand colour"
              value={draft.primaryColor}
              error={problems.primaryColor}
              onChange={(v) => set({ primaryColor: v })}
            />
            <ColorField
              label="Background"
              value={draft.backgroundColor}
              error={problems.backgroundColor}
              onChange={(v) => set({ backgroundColor: v })}
            />
          </div>
          <div className="field">
            <label htmlFor="bk-logo">Logo</label>
            <input
              id="bk-logo"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={(e) => pickLogo(e.target.files?.[0])}
            />
            {draft.logoUrl && (
              <div className="row gap">
                <img className="bk-logo" src={draft.logoUrl} alt="Current logo" />
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => set({ logoUrl: '' })}>
                  Remove logo
                </button>
              </div>
            )}
            {problems.logoUrl && (
              <p className="field-error" role="alert">
                {problems.logoUrl}
              </p>
            )}
          </div>
          <TextField
            label="Headline"
            value={draft.headline}
            max={120}
            error={problems.headline}
            placeholder="Book your next visit"
            onChange={(v) => set({ headline: v })}
          />
          <TextField
            label="Introduction"
            value={draft.intro}
            max={2000}
            rows={3}
            error={problems.intro}
            onChange={(v) => set({ intro: v })}
          />
          <TextField
            label="Policies"
            value={draft.policies}
            max={4000}
            rows={4}
            error={problems.policies}
            placeholder="Cancellations less than 24 hours ahead may be charged."
            onChange={(v) => set({ policies: v })}
          />
        </fieldset>
        <div className="stack">
          <div className="card bk-preview" style={designStyle(draft)} aria-label="Preview" data-testid="design-preview">
            <div className="bk-preview-bar">
              {draft.logoUrl ? (
                <img className="bk-logo" src={draft.logoUrl} alt="" />
              ) : (
                <span className="brand-mark" aria-hidden="true">
                  S
                </span>
              )}
              <strong>Preview</strong>
            </div>
            <h2>{draft.headline || 'Book your next visit'}</h2>
            {draft.intro && <p>{draft.intro}</p>}
            <div className="bk-choice is-selected">
              <span className="bk-choice-title">{sample?.name ?? 'Haircut'}</span>
              <span className="bk-choice-meta">
                {formatDuration(sample?.durationMin ?? 45)} · {formatCents(sample?.priceMinor ?? 5500)}
              </span>
            </div>
            <button type="button" className="btn btn-primary" tabIndex={-1}>
              Book appointment
            </button>
          </div>
          <fieldset className="card stack" disabled={!canEdit} aria-label="What is offered online">
            <h2>Offered online</h2>
            <label className="checkbox-row">
              <input type="checkbox" checked={draft.allowAnyStaff} onChange={(e) => set({ allowAnyStaff: e.target.checked })} /> Offer
              “Anyone available”
            </label>
            <h3>
              Services <span className="muted small">(only those marked bookable online in Services)</span>
            </h3>
            {services.length === 0 && <p className="muted">No service is bookable online yet.</p>}
            {services.map((s) => (
              <label key={s.id} className="checkbox-row">
                <input
                  type="checkbox"
                  checked={draft.offeredServiceIds === null || draft.offeredServiceIds.includes(s.id)}
                  onChange={(e) => set({ offeredServiceIds: toggleOffered(draft.offeredServiceIds, serviceIds, s.id, e.target.checked) })}
                />
                {s.name}
                {active.length > 1 && <span className="muted small"> · {active.find((l) => l.id === s.locationId)?.name}</span>}
              </label>
            ))}
            <h3>Staff</h3>
            {people.map((p) => (
              <label key={p.id} className="checkbox-row">
                <input
                  type="checkbox"
                  checked={draft.offeredStaffIds === null || draft.offeredStaffIds.includes(p.id)}
                  onChange={(e) => set({ offeredStaffIds: toggleOffered(draft.offeredStaffIds, staffIds, p.id, e.target.checked) })}
                />
                {p.fullName}
              </label>
            ))}
          </fieldset>
        </div>
      </div>
    </section>
  );
}

function ColorField({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange(v: string): void }) {
  const id = `bk-${label.replace(/\s/g, '-').toLowerCase()}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row gap">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <input id={id} value={value} maxLength={7} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {label}: {error}
        </p>
      )}
    </div>
  );
}

function TextField(p: {
  label: string;
  value: string;
  max: number;
  rows?: number;
  error?: string;
  placeholder?: string;
  onChange(v: string): void;
}) {
  const id = `bk-${p.label.toLowerCase()}`;
  return (
    <div className="field">
      <label htmlFor={id}>{p.label}</label>
      {p.rows ? (
        <textarea
          id={id}
          rows={p.rows}
          maxLength={p.max}
          value={p.value}
          placeholder={p.placeholder}
          onChange={(e) => p.onChange(e.target.value)}
        />
      ) : (
        <input id={id} maxLength={p.max} value={p.value} placeholder={p.placeholder} onChange={(e) => p.onChange(e.target.value)} />
      )}
      {p.error && (
        <p className="field-error" role="alert">
          {p.label}: {p.error}
        </p>
      )}
    </div>
  );
}
