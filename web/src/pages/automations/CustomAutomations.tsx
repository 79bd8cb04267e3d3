import { useMutation } from '@apollo/client/react';
import {
  CUSTOM_AUTOMATION_MAX_DAYS,
  CUSTOM_AUTOMATION_MAX_DELAY_HOURS,
  CUSTOM_AUTOMATION_TRIGGER_LABELS,
} from '@salon/contracts/messaging';
import { useState } from 'react';
import { asApiError, graphqlErrorMessage } from '../../lib/apollo';
import { fieldErrorsOf } from '../../lib/api-client';
import { SAVE_CUSTOM_AUTOMATION, type CustomAutomationItem } from './automations-gql';
import {
  CHANNEL_LABELS,
  customAutomationInput,
  EMPTY_CUSTOM_AUTOMATION,
  isClientTrigger,
  preview,
  type CustomAutomationForm,
} from './automation-form';

/** "Your automations" on /automations: the owner's own, each on or off, and an editor to create or change one. */
export function CustomAutomations({
  items,
  locationId,
  onChanged,
}: {
  items: CustomAutomationItem[];
  locationId: string;
  onChanged: () => Promise<unknown>;
}) {
  // null: no editor; 'new': creating one; else the id being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [save, { error: toggleError }] = useMutation(SAVE_CUSTOM_AUTOMATION);

  const toggle = async (a: CustomAutomationItem) => {
    setBusy(true);
    const { id, locationId: loc, name, trigger, delayHours, days, channelRule, smsTemplate, emailSubject, emailTemplate, version } = a;
    await save({
      variables: {
        input: {
          id,
          locationId: loc,
          name,
          trigger,
          delayHours,
          days,
          channelRule,
          smsTemplate,
          emailSubject,
          emailTemplate,
          version,
          conditions: { serviceContains: a.serviceContains, firstVisitOnly: a.firstVisitOnly },
          enabled: !a.enabled,
        },
      },
    }).catch(() => undefined);
    await onChanged().catch(() => undefined);
    setBusy(false);
  };

  return (
    <section className="card custom-automations" aria-labelledby="custom-automations-title" data-testid="custom-automations">
      <div className="automation-head">
        <h2 className="card-title" id="custom-automations-title">
          Your automations
        </h2>
        {editing !== 'new' && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing('new')}>
            New automation
          </button>
        )}
      </div>
      <p className="muted small">
        Your own messages: pick what starts them, an optional wait and conditions. They follow the same quiet hours, daily limit and consent
        as the built-in ones, and each is sent at most once per appointment.
      </p>
      {toggleError && (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(toggleError)}
        </div>
      )}
      {editing === 'new' && (
        <CustomAutomationEditor
          locationId={locationId}
          automation={null}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            await onChanged().catch(() => undefined);
            setEditing(null);
          }}
        />
      )}
      {items.length === 0 && editing !== 'new' ? <p className="muted">None yet.</p> : null}
      <ul className="automation-list" aria-label="Your automations">
        {items.map((a) => (
          <li key={a.id} className="automation-card" data-testid={`custom-automation-${a.name}`}>
            <div className="automation-head">
              <label className="automation-toggle">
                <input
                  type="checkbox"
                  role="switch"
                  checked={a.enabled}
                  disabled={busy}
                  onChange={() => void toggle(a)}
                  aria-describedby={`custom-desc-${a.id}`}
                />
                <span className="automation-name">{a.name}</span>
              </label>
              <span className={`badge ${a.enabled ? 'automation-badge-on' : 'automation-badge-off'}`}>{a.enabled ? 'On' : 'Off'}</span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-expanded={editing === a.id}
                onClick={() => setEditing(editing === a.id ? null : a.id)}
              >
                {editing === a.id ? 'Close' : 'Edit'}
                <span className="visually-hidden"> {a.name}</span>
              </button>
            </div>
            <p className="muted small" id={`custom-desc-${a.id}`}>
              {describe(a)} {CHANNEL_LABELS[a.channelRule]}.
            </p>
            <dl className="automation-counts">
              <div>
                <dt>Scheduled</dt>
                <dd>{a.counts.scheduled}</dd>
              </div>
              <div>
                <dt>Sent</dt>
                <dd data-testid={`custom-automation-sent-${a.name}`}>{a.counts.sent}</dd>
              </div>
              <div>
                <dt>Delivered</dt>
                <dd>{a.counts.delivered}</dd>
              </div>
              <div>
                <dt>Failed</dt>
                <dd>{a.counts.failed}</dd>
              </div>
            </dl>
            {editing === a.id && (
              <CustomAutomationEditor
                key={a.version}
                locationId={locationId}
                automation={a}
                onClose={() => setEditing(null)}
                onSaved={async () => {
                  await onChanged().catch(() => undefined);
                  setEditing(null);
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function describe(a: CustomAutomationItem): string {
  const when =
    a.trigger === 'days-since-last-visit' && a.days
      ? `${a.days} ${a.days === 1 ? 'day' : 'days'} since the client’s last visit`
      : (CUSTOM_AUTOMATION_TRIGGER_LABELS[a.trigger as keyof typeof CUSTOM_AUTOMATION_TRIGGER_LABELS] ?? a.trigger);
  const delay = a.delayHours === 0 ? 'at once' : `${a.delayHours} ${a.delayHours === 1 ? 'hour' : 'hours'} later`;
  const conditions = [
    a.serviceContains ? `services named “${a.serviceContains}”` : null,
    a.firstVisitOnly ? 'first visits only' : null,
  ].filter(Boolean);
  return `${when}: sent ${delay}${conditions.length ? `, ${conditions.join(', ')}` : ''}.`;
}

function CustomAutomationEditor({
  locationId,
  automation: a,
  onClose,
  onSaved,
}: {
  locationId: string;
  automation: CustomAutomationItem | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const [form, setForm] = useState<CustomAutomationForm>(
    a
      ? {
          name: a.name,
          trigger: a.trigger,
          delayHours: String(a.delayHours),
          days: String(a.days ?? 30),
          serviceContains: a.serviceContains ?? '',
          firstVisitOnly: a.firstVisitOnly,
          channelRule: a.channelRule,
          smsTemplate: a.smsTemplate,
          emailSubject: a.emailSubject,
          emailTemplate: a.emailTemplate,
          enabled: a.enabled,
        }
      : EMPTY_CUSTOM_AUTOMATION,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { loading, error }] = useMutation(SAVE_CUSTOM_AUTOMATION);
  const p = preview(form);
  const key = a?.id ?? 'new';
  const id = (field: string) => `custom-${key}-${field}`;
  const set = <K extends keyof CustomAutomationForm>(field: K, value: CustomAutomationForm[K]) => setForm({ ...form, [field]: value });
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': id(`${field}-error`) } : {});
  const fieldError = (field: string) =>
    errors[field] ? (
      <p className="field-error" id={id(`${field}-error`)}>
        {errors[field]}
      </p>
    ) : null;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = customAutomationInput(form, { id: a?.id ?? null, locationId, version: a?.version ?? 0 });
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await save({ variables: { input: checked.input } });
      await onSaved();
    } catch (err) {
      setErrors(fieldErrorsOf(asApiError(err)));
    }
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form className="form automation-editor" onSubmit={submit} aria-label={a ? `Edit ${a.name}` : 'New automation'} noValidate>
      {errorCount > 0 && (
        <div className="alert alert-error" role="alert" data-testid="custom-automation-errors">
          Please correct {errorCount === 1 ? 'the field' : `the ${errorCount} fields`} marked below.
        </div>
      )}
      {error && errorCount === 0 && (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      )}
      <div className="automation-editor-grid">
        <div className="stack">
          <div className="field">
            <label htmlFor={id('name')}>Name</label>
            <input id={id('name')} value={form.name} onChange={(e) => set('name', e.target.value)} {...invalid('name')} />
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor={id('trigger')}>When</label>
            <select id={id('trigger')} value={form.trigger} onChange={(e) => set('trigger', e.target.value)} {...invalid('trigger')}>
              {Object.entries(CUSTOM_AUTOMATION_TRIGGER_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            {fieldError('trigger')}
          </div>
          {form.trigger === 'days-since-last-visit' && (
            <div className="field">
              <label htmlFor={id('days')}>Days since the last visit</label>
              <input
                id={id('days')}
                type="number"
                inputMode="numeric"
                min={1}
                max={CUSTOM_AUTOMATION_MAX_DAYS}
                value={form.days}
                onChange={(e) => set('days', e.target.value)}
                {...invalid('days')}
              />
              {fieldError('days')}
            </div>
          )}
          <div className="field">
            <label htmlFor={id('delay')}>Wait (hours after that; 0 = at once)</label>
            <input
              id={id('delay')}
              type="number"
              inputMode="numeric"
              min={0}
              max={CUSTOM_AUTOMATION_MAX_DELAY_HOURS}
              value={form.delayHours}
              onChange={(e) => set('delayHours', e.target.value)}
              {...invalid('delayHours')}
            />
            {fieldError('delayHours')}
          </div>
          {!isClientTrigger(form.trigger) && (
            <fieldset className="stack">
              <legend>Only when (optional)</legend>
              <div className="field">
                <label htmlFor={id('service')}>The service name contains</label>
                <input
                  id={id('service')}
                  placeholder="e.g. colour"
                  value={form.serviceContains}
                  onChange={(e) => set('serviceContains', e.target.value)}
                  {...invalid('conditions.serviceContains')}
                />
                {fieldError('conditions.serviceContains')}
              </div>
              <label className="checkbox">
                <input type="checkbox" checked={form.firstVisitOnly} onChange={(e) => set('firstVisitOnly', e.target.checked)} /> It is the
                client’s first visit
              </label>
            </fieldset>
          )}
          <div className="field">
            <label htmlFor={id('channel')}>Channel</label>
            <select id={id('channel')} value={form.channelRule} onChange={(e) => set('channelRule', e.target.value)}>
              {Object.entries(CHANNEL_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={id('sms')}>Text message</label>
            <textarea
              id={id('sms')}
              rows={3}
              value={form.smsTemplate}
              onChange={(e) => set('smsTemplate', e.target.value)}
              {...invalid('smsTemplate')}
            />
            {fieldError('smsTemplate')}
          </div>
          <div className="field">
            <label htmlFor={id('subject')}>E-mail subject</label>
            <input
              id={id('subject')}
              value={form.emailSubject}
              onChange={(e) => set('emailSubject', e.target.value)}
              {...invalid('emailSubject')}
            />
            {fieldError('emailSubject')}
          </div>
          <div className="field">
            <label htmlFor={id('email')}>E-mail text</label>
            <textarea
              id={id('email')}
              rows={5}
              value={form.emailTemplate}
              onChange={(e) => set('emailTemplate', e.target.value)}
              {...invalid('emailTemplate')}
            />
            {fieldError('emailTemplate')}
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} /> On
          </label>
          <p className="muted small">
            Variables:{' '}
            {'{{firstName}} {{service}} {{staff}} {{date}} {{time}} {{locationName}} {{bookingLink}} {{manageLink}} {{reviewLink}}'}
          </p>
        </div>
        <div className="stack automation-preview" aria-live="polite">
          <h3>Preview (sample client)</h3>
          <div className="automation-sms-bubble">{p.sms}</div>
          <p className="small">
            {p.segments.characters} characters · {p.segments.segments} {p.segments.segments === 1 ? 'segment' : 'segments'} (
            {p.segments.encoding})
          </p>
          <div className="automation-email-preview">
            <strong>{p.emailSubject}</strong>
            <pre>{p.emailText}</pre>
          </div>
        </div>
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={loading}>
          {loading ? 'Saving…' : a ? `Save ${a.name}` : 'Create automation'}
        </button>
      </div>
    </form>
  );
}
