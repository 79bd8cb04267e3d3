import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { Spinner } from '../../shell/Spinner';
import { AUTOMATIONS, SEND_AUTOMATION_TEST, UPDATE_AUTOMATION, UPDATE_AUTOMATION_SETTINGS, type AutomationItem } from './automations-gql';
import { CHANNEL_LABELS, noShowRateText, preview, TIMING_LABELS } from './automation-form';
import { CustomAutomations } from './CustomAutomations';
import { InboxPanel } from './InboxPanel';
import './automations.css';

const POLL_MS = 3000;

/** /automations (admin): the location's automatic messages, each on or off, edited with a live preview. */
export function AutomationsPage() {
  const { selected } = useLocations();
  const locationId = selected?.id ?? '';
  const { data, previousData, loading, error, refetch } = useQuery(AUTOMATIONS, {
    variables: { locationId },
    skip: !locationId,
    pollInterval: POLL_MS,
    fetchPolicy: 'network-only',
  });
  const shown = data ?? previousData;
  const [update, { error: updateError }] = useMutation(UPDATE_AUTOMATION);
  const [editing, setEditing] = useState<string | null>(null);
  // One change at a time: each save carries the version it read, so a second click waits for the first.
  const [busy, setBusy] = useState(false);

  const toggle = async (a: AutomationItem) => {
    setBusy(true);
    await update({ variables: { input: { locationId, kind: a.kind, enabled: !a.enabled, version: a.version } } }).catch(() => undefined);
    await refetch().catch(() => undefined);
    setBusy(false);
  };

  return (
    <section className="page automations-page" data-testid="automations-page">
      <header className="page-header">
        <div>
          <h1>Automations</h1>
          <p className="muted">
            Messages sent on their own: confirmations, reminders and follow-ups
            {selected ? ` for ${selected.name}` : ''}. Texts wait for the morning in quiet hours; consent is checked when each one is sent.
          </p>
        </div>
      </header>

      {(error && !shown) || updateError ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(updateError ?? error)}
        </div>
      ) : null}
      {loading && !shown ? <Spinner fullScreen={false} /> : null}

      {shown && (
        <>
          <ul className="automation-list" aria-label="Automations">
            {shown.automations.map((a) => (
              <li key={a.kind} className="card automation-card" data-testid={`automation-${a.kind}`}>
                <div className="automation-head">
                  <label className="automation-toggle">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={a.enabled}
                      disabled={busy}
                      onChange={() => void toggle(a)}
                      aria-describedby={`automation-desc-${a.kind}`}
                    />
                    <span className="automation-name">{a.label}</span>
                  </label>
                  <span
                    className={`badge ${a.enabled ? 'automation-badge-on' : 'automation-badge-off'}`}
                    data-testid={`automation-state-${a.kind}`}
                  >
                    {a.enabled ? 'On' : 'Off'}
                  </span>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-expanded={editing === a.kind}
                    aria-controls={`automation-editor-${a.kind}`}
                    onClick={() => setEditing(editing === a.kind ? null : a.kind)}
                  >
                    {editing === a.kind ? 'Close' : 'Edit'}
                    <span className="visually-hidden"> {a.label}</span>
                  </button>
                </div>
                <p className="muted small" id={`automation-desc-${a.kind}`}>
                  {a.description}
                  {TIMING_LABELS[a.timingUnit] ? ` ${TIMING_LABELS[a.timingUnit]}: ${a.timing}.` : ''} {CHANNEL_LABELS[a.channelRule]}.
                </p>
                <dl className="automation-counts" data-testid={`automation-counts-${a.kind}`}>
                  <div>
                    <dt>Scheduled</dt>
                    <dd>{a.counts.scheduled}</dd>
                  </div>
                  <div>
                    <dt>Sent</dt>
                    <dd data-testid={`automation-sent-${a.kind}`}>{a.counts.sent}</dd>
                  </div>
                  <div>
                    <dt>Delivered</dt>
                    <dd>{a.counts.delivered}</dd>
                  </div>
                  <div>
                    <dt>Failed</dt>
                    <dd>{a.counts.failed}</dd>
                  </div>
                  <div>
                    <dt>Replies</dt>
                    <dd>{a.counts.replies}</dd>
                  </div>
                  {(a.kind === 'reminder' || a.kind === 'second-reminder') && (
                    <div>
                      <dt>Confirmed</dt>
                      <dd data-testid={`automation-confirmed-${a.kind}`}>{a.counts.confirmed}</dd>
                    </div>
                  )}
                </dl>
                {a.kind === 'reminder' && (
                  <p className="small" data-testid="reminder-no-show-rates">
                    No-show rate, appointments of the last {shown.reminderNoShowRates.days} days: reminded{' '}
                    <strong data-testid="no-show-rate-reminded">{noShowRateText(shown.reminderNoShowRates.reminded)}</strong>, not reminded{' '}
                    <strong data-testid="no-show-rate-not-reminded">{noShowRateText(shown.reminderNoShowRates.notReminded)}</strong>.
                  </p>
                )}
                {(a.kind === 'birthday' || a.kind === 'win-back') && (
                  <p className="muted small">
                    Checked every day at 10:00 location time; each client gets it once per {a.kind === 'birthday' ? 'birthday' : 'absence'}.
                    E-mail needs the client’s consent to marketing e-mail.
                  </p>
                )}
                {editing === a.kind && (
                  <AutomationEditor
                    key={`${a.kind}-${a.version}`}
                    automation={a}
                    locationId={locationId}
                    onSaved={async () => {
                      await refetch().catch(() => undefined);
                      setEditing(null);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>

          <CustomAutomations items={shown.customAutomations} locationId={locationId} onChanged={() => refetch()} />

          <QuietHoursForm key={shown.automationSettings.version} settings={shown.automationSettings} onSaved={() => void refetch()} />

          <div className="card table-card">
            <h2 className="card-title">Recent sends</h2>
            {shown.automationSends.length === 0 ? (
              <p className="muted">Nothing sent or scheduled yet.</p>
            ) : (
              <table className="table" aria-label="Recent automation sends">
                <thead>
                  <tr>
                    <th scope="col">Automation</th>
                    <th scope="col">Due</th>
                    <th scope="col">State</th>
                    <th scope="col">Channels</th>
                    <th scope="col">Note</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.automationSends.map((s) => (
                    <tr key={s.id} data-testid={`automation-send-${s.id}`}>
                      <td>
                        {s.kind === 'custom'
                          ? (shown.customAutomations.find((c) => c.id === s.customAutomationId)?.name ?? 'Your automation')
                          : (shown.automations.find((a) => a.kind === s.kind)?.label ?? s.kind)}
                      </td>
                      <td>{formatDateTime(s.dueAt)}</td>
                      <td>
                        <span className="badge automation-badge-off" data-state={s.state}>
                          {s.state}
                        </span>
                      </td>
                      <td>{s.channels.join(', ') || '—'}</td>
                      <td>{s.reason ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}

      <InboxPanel />
    </section>
  );
}

function AutomationEditor({
  automation: a,
  locationId,
  onSaved,
}: {
  automation: AutomationItem;
  locationId: string;
  onSaved: () => Promise<void>;
}) {
  const [form, setForm] = useState({
    timing: String(a.timing),
    channelRule: a.channelRule,
    smsTemplate: a.smsTemplate,
    emailSubject: a.emailSubject,
    emailTemplate: a.emailTemplate,
  });
  const [update, { loading: saving, error }] = useMutation(UPDATE_AUTOMATION);
  const [sendTest, { loading: testing, error: testError, data: testData }] = useMutation(SEND_AUTOMATION_TEST);
  const [testPhone, setTestPhone] = useState('');
  const [testEmail, setTestEmail] = useState('');
  const p = preview(form);
  const id = (field: string) => `${a.kind}-${field}`;
  const timingLabel = TIMING_LABELS[a.timingUnit];

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const result = await update({
      variables: {
        input: {
          locationId,
          kind: a.kind,
          channelRule: form.channelRule,
          ...(timingLabel ? { timing: Number(form.timing) } : {}),
          smsTemplate: form.smsTemplate,
          emailSubject: form.emailSubject,
          emailTemplate: form.emailTemplate,
          version: a.version,
        },
      },
    }).catch(() => null);
    if (result?.data) await onSaved();
  };

  return (
    <form className="form automation-editor" id={`automation-editor-${a.kind}`} onSubmit={save} aria-label={`Edit ${a.label}`}>
      <div className="automation-editor-grid">
        <div className="stack">
          {timingLabel && (
            <div className="field">
              <label htmlFor={id('timing')}>{timingLabel}</label>
              <input
                id={id('timing')}
                type="number"
                min={0}
                max={336}
                value={form.timing}
                onChange={(e) => setForm({ ...form, timing: e.target.value })}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor={id('channel')}>Channel</label>
            <select id={id('channel')} value={form.channelRule} onChange={(e) => setForm({ ...form, channelRule: e.target.value })}>
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
              onChange={(e) => setForm({ ...form, smsTemplate: e.target.value })}
              aria-describedby={id('segments')}
            />
          </div>
          <div className="field">
            <label htmlFor={id('subject')}>E-mail subject</label>
            <input id={id('subject')} value={form.emailSubject} onChange={(e) => setForm({ ...form, emailSubject: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={id('email')}>E-mail text</label>
            <textarea
              id={id('email')}
              rows={5}
              value={form.emailTemplate}
              onChange={(e) => setForm({ ...form, emailTemplate: e.target.value })}
            />
          </div>
          <p className="muted small">
            Variables:{' '}
            {'{{firstName}} {{service}} {{staff}} {{date}} {{time}} {{locationName}} {{bookingLink}} {{manageLink}} {{reviewLink}}'}
          </p>
        </div>
        <div className="stack automation-preview" aria-live="polite">
          <h3>Preview (sample client)</h3>
          <div className="automation-sms-bubble" data-testid={`preview-sms-${a.kind}`}>
            {p.sms}
          </div>
          <p className="small" id={id('segments')} data-testid={`segments-${a.kind}`}>
            {p.segments.characters} characters · {p.segments.segments} {p.segments.segments === 1 ? 'segment' : 'segments'} (
            {p.segments.encoding})
            {p.segments.nonGsmCharacters.length > 0 && ` · ${p.segments.nonGsmCharacters.join(' ')} switch the text to UCS-2`}
          </p>
          <div className="automation-email-preview">
            <strong>{p.emailSubject}</strong>
            <pre>{p.emailText}</pre>
          </div>
          {p.problems.map((problem) => (
            <p key={problem.field} className="field-error" role="alert">
              Unknown variable {problem.names.map((n) => `{{${n}}}`).join(', ')}
            </p>
          ))}
        </div>
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={saving || p.problems.length > 0}>
          {saving ? 'Saving…' : `Save ${a.label}`}
        </button>
      </div>
      <fieldset className="automation-test">
        <legend>Test send (sample values)</legend>
        <div className="field">
          <label htmlFor={id('test-phone')}>Phone</label>
          <input
            id={id('test-phone')}
            type="tel"
            placeholder="+13125550100"
            value={testPhone}
            onChange={(e) => setTestPhone(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={id('test-email')}>E-mail</label>
          <input id={id('test-email')} type="email" value={testEmail} onChange={(e) => setTestEmail(e.target.value)} />
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={testing || (!testPhone && !testEmail)}
          onClick={() =>
            void sendTest({
              variables: { locationId, kind: a.kind, phone: testPhone || null, email: testEmail || null },
            }).catch(() => undefined)
          }
        >
          Send test
        </button>
        {testError && (
          <p className="field-error" role="alert">
            {graphqlErrorMessage(testError)}
          </p>
        )}
        {testData && <p role="status">Test queued ({testData.sendAutomationTest.map((m) => m.channel).join(' and ')}).</p>}
      </fieldset>
    </form>
  );
}

function QuietHoursForm({
  settings,
  onSaved,
}: {
  settings: { locationId: string; quietStart: string; quietEnd: string; maxPerClientPerDay: number; version: number };
  onSaved: () => void;
}) {
  const [form, setForm] = useState({
    quietStart: settings.quietStart,
    quietEnd: settings.quietEnd,
    max: String(settings.maxPerClientPerDay),
  });
  const [save, { loading, error }] = useMutation(UPDATE_AUTOMATION_SETTINGS);
  return (
    <form
      className="card form automation-settings"
      aria-label="Quiet hours and limits"
      onSubmit={(e) => {
        e.preventDefault();
        void save({
          variables: {
            input: {
              locationId: settings.locationId,
              quietStart: form.quietStart,
              quietEnd: form.quietEnd,
              maxPerClientPerDay: Number(form.max),
              version: settings.version,
            },
          },
        })
          .then(onSaved)
          .catch(() => undefined);
      }}
    >
      <h2 className="card-title">Quiet hours and limits</h2>
      <div className="automation-settings-row">
        <div className="field">
          <label htmlFor="quiet-start">No texts from</label>
          <input id="quiet-start" type="time" value={form.quietStart} onChange={(e) => setForm({ ...form, quietStart: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="quiet-end">until</label>
          <input id="quiet-end" type="time" value={form.quietEnd} onChange={(e) => setForm({ ...form, quietEnd: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="max-per-day">At most, per client per day</label>
          <input
            id="max-per-day"
            type="number"
            min={1}
            max={20}
            value={form.max}
            onChange={(e) => setForm({ ...form, max: e.target.value })}
          />
        </div>
        <button type="submit" className="btn btn-secondary" disabled={loading}>
          Save limits
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {graphqlErrorMessage(error)}
        </p>
      )}
    </form>
  );
}
