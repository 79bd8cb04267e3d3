import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import { smsSegments } from '@salon/contracts/messaging';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { Spinner } from '../../shell/Spinner';
import type { DesignerValue } from './EmailDesigner';
import { EmailTemplates } from './EmailTemplates';
import { StartFromTemplate } from './StartFromTemplate';
import {
  CANCEL_CAMPAIGN,
  EMAIL_SUPPRESSIONS,
  MARKETING,
  REMOVE_EMAIL_SUPPRESSION,
  SAVE_CAMPAIGN,
  SAVE_SEGMENT,
  SCHEDULE_CAMPAIGN,
  SEGMENT_COUNT,
  type CampaignItem,
  type SegmentItem,
} from './marketing-gql';
import {
  MONTHS,
  newRule,
  RULE_FIELDS,
  ruleInput,
  segmentSummary,
  sendAtIso,
  starterEmail,
  STATE_LABELS,
  type RuleDraft,
} from './marketing-form';
import './marketing.css';

const EmailDesigner = lazy(() => import('./EmailDesigner'));
const POLL_MS = 3000;

/** /marketing (admin): segments of the client book, and SMS or e-mail campaigns sent to them, with their stats. */
export function MarketingPage() {
  const { data, previousData, loading, error, refetch } = useQuery(MARKETING, { pollInterval: POLL_MS, fetchPolicy: 'network-only' });
  const shown = data ?? previousData;
  const [segment, setSegment] = useState<SegmentItem | 'new' | null>(null);
  const [campaign, setCampaign] = useState<CampaignItem | 'new' | null>(null);

  return (
    <section className="page marketing-page" data-testid="marketing-page">
      <header className="page-header">
        <div>
          <h1>Marketing</h1>
          <p className="muted">
            Segments of your clients, and campaigns by e-mail or text sent to them. Consent, unsubscribes, quiet hours and the daily cap are
            checked when each message is sent.
          </p>
        </div>
      </header>
      {error && !shown ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      ) : null}
      {loading && !shown ? <Spinner fullScreen={false} /> : null}
      {shown && (
        <>
          <div className="card" data-testid="segments">
            <div className="marketing-card-head">
              <h2 className="card-title">Segments</h2>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setSegment('new')} disabled={segment !== null}>
                New segment
              </button>
            </div>
            {shown.marketingSegments.length === 0 ? (
              <p className="muted">No segments yet. A segment picks clients by their visits, spend, tags, birthday and more.</p>
            ) : (
              <ul className="marketing-list" aria-label="Segments">
                {shown.marketingSegments.map((s) => (
                  <li key={s.id} data-testid={`segment-${s.name}`}>
                    <div>
                      <strong>{s.name}</strong>
                      <div className="muted small">{segmentSummary(s.match, s.rules)}</div>
                    </div>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setSegment(s)} disabled={segment !== null}>
                      Edit<span className="visually-hidden"> {s.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {segment !== null && (
              <SegmentEditor
                key={segment === 'new' ? 'new' : `${segment.id}-${segment.version}`}
                segment={segment === 'new' ? null : segment}
                onClose={async (saved) => {
                  if (saved) await refetch().catch(() => undefined);
                  setSegment(null);
                }}
              />
            )}
          </div>

          <div className="card" data-testid="campaigns">
            <div className="marketing-card-head">
              <h2 className="card-title">Campaigns</h2>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => setCampaign('new')}
                disabled={campaign !== null || shown.marketingSegments.length === 0}
              >
                New campaign
              </button>
            </div>
            {campaign !== null && (
              <CampaignEditor
                key={campaign === 'new' ? 'new' : `${campaign.id}-${campaign.version}`}
                campaign={campaign === 'new' ? null : campaign}
                segments={shown.marketingSegments}
                onClose={async () => {
                  await refetch().catch(() => undefined);
                  setCampaign(null);
                }}
              />
            )}
            {shown.campaigns.length === 0 ? (
              <p className="muted">No campaigns yet.</p>
            ) : (
              <CampaignTable
                campaigns={shown.campaigns}
                onEdit={setCampaign}
                onChanged={() => void refetch()}
                editing={campaign !== null}
              />
            )}
          </div>

          <EmailTemplates />

          <SuppressionList />
        </>
      )}
    </section>
  );
}

/** The e-mail suppression list: addresses that bounced for good or complained; no e-mail goes to them until removed. */
function SuppressionList() {
  const { data, error, refetch } = useQuery(EMAIL_SUPPRESSIONS, { pollInterval: POLL_MS, fetchPolicy: 'network-only' });
  const [remove, { error: removeError, loading: removing }] = useMutation(REMOVE_EMAIL_SUPPRESSION);
  const rows = data?.emailSuppressions ?? [];
  return (
    <div className="card table-card" data-testid="suppressions">
      <h2 className="card-title">Suppressed e-mail addresses</h2>
      <p className="muted small">
        An address goes here when the provider reports a permanent bounce or a spam complaint. No e-mail is sent to it (the message log says
        why) until you remove it.
      </p>
      {(error || removeError) && (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(removeError ?? error)}
        </div>
      )}
      {rows.length === 0 ? (
        <p className="muted">No suppressed addresses.</p>
      ) : (
        <table className="table" aria-label="Suppressed e-mail addresses">
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Reason</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.address} data-testid={`suppression-${r.address}`}>
                <td>{r.address}</td>
                <td>
                  {r.reason === 'bounce' ? 'Bounced' : 'Complaint'}
                  {r.detail ? <div className="muted small">{r.detail}</div> : null}
                </td>
                <td>{formatDateTime(r.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    disabled={removing}
                    onClick={() =>
                      void remove({ variables: { address: r.address } })
                        .then(() => refetch())
                        .catch(() => undefined)
                    }
                  >
                    Remove<span className="visually-hidden"> {r.address}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function CampaignTable({
  campaigns,
  onEdit,
  onChanged,
  editing,
}: {
  campaigns: CampaignItem[];
  onEdit: (c: CampaignItem) => void;
  onChanged: () => void;
  editing: boolean;
}) {
  const [cancel, { error }] = useMutation(CANCEL_CAMPAIGN);
  return (
    <div className="table-wrap">
      {error ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      ) : null}
      <table className="table" aria-label="Campaigns">
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">Segment</th>
            <th scope="col">State</th>
            <th scope="col">Recipients</th>
            <th scope="col">Sent</th>
            <th scope="col">Delivered</th>
            <th scope="col">Failed</th>
            <th scope="col">Opened</th>
            <th scope="col">Clicked</th>
            <th scope="col">Unsubscribed</th>
            <th scope="col">
              <abbr title="Bookings the recipients made within 7 days">Booked in 7 days</abbr>
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => (
            <tr key={c.id} data-testid={`campaign-${c.name}`}>
              <td>
                <strong>{c.name}</strong>
                <div className="muted small">{c.channel === 'email' ? `E-mail: ${c.subject ?? ''}` : 'Text message'}</div>
              </td>
              <td>{c.segmentName ?? '—'}</td>
              <td>
                <span className="badge" data-testid={`campaign-state-${c.name}`}>
                  {STATE_LABELS[c.state] ?? c.state}
                </span>
                <div className="muted small">
                  {c.sentAt ? formatDateTime(c.sentAt) : c.scheduledAt && c.state === 'scheduled' ? formatDateTime(c.scheduledAt) : ''}
                </div>
              </td>
              <td data-testid={`campaign-recipients-${c.name}`}>
                {c.stats.recipients}
                {c.stats.skipped ? <div className="muted small">{c.stats.skipped} skipped</div> : null}
              </td>
              <td data-testid={`campaign-sent-${c.name}`}>{c.stats.sent}</td>
              <td>{c.stats.delivered}</td>
              <td>
                {c.stats.failed}
                {c.stats.bounced ? <div className="muted small">{c.stats.bounced} bounced</div> : null}
              </td>
              <td data-testid={`campaign-opened-${c.name}`}>
                {c.channel === 'email' ? <Engagement count={c.stats.opened} of={c.stats.recipients} /> : '—'}
              </td>
              <td data-testid={`campaign-clicked-${c.name}`}>
                {c.channel === 'email' ? <Engagement count={c.stats.clicked} of={c.stats.recipients} /> : '—'}
              </td>
              <td data-testid={`campaign-unsubscribed-${c.name}`}>{c.stats.unsubscribed}</td>
              <td data-testid={`campaign-booked-${c.name}`}>{c.stats.booked}</td>
              <td className="marketing-actions">
                {(c.state === 'draft' || c.state === 'scheduled') && (
                  <>
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => onEdit(c)} disabled={editing}>
                      Edit<span className="visually-hidden"> {c.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => void cancel({ variables: { id: c.id } }).then(onChanged, () => undefined)}
                    >
                      Cancel<span className="visually-hidden"> {c.name}</span>
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SegmentEditor({ segment, onClose }: { segment: SegmentItem | null; onClose: (saved: boolean) => Promise<void> }) {
  const { locations, selected } = useLocations();
  const [name, setName] = useState(segment?.name ?? '');
  const [match, setMatch] = useState(segment?.match ?? 'all');
  const [rules, setRules] = useState<RuleDraft[]>(segment?.rules.map((r) => ({ ...r })) ?? [newRule('lastVisit')]);
  const [save, { loading: saving, error }] = useMutation(SAVE_SEGMENT);
  const [count, { data: counted, error: countError }] = useLazyQuery(SEGMENT_COUNT, { fetchPolicy: 'network-only' });
  const definition = { match, rules: rules.map(ruleInput) };
  const key = JSON.stringify(definition);

  // The live count, a moment after the last change.
  useEffect(() => {
    const timer = setTimeout(() => void count({ variables: { definition, locationId: selected?.id ?? null } }).catch(() => undefined), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, selected?.id]);

  const setRule = (i: number, rule: RuleDraft) => setRules(rules.map((r, j) => (j === i ? rule : r)));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const result = await save({
      variables: { input: { ...(segment ? { id: segment.id, version: segment.version } : {}), name, ...definition } },
    }).catch(() => null);
    if (result?.data) await onClose(true);
  };

  return (
    <form className="form marketing-editor" onSubmit={submit} aria-label={segment ? `Edit segment ${segment.name}` : 'New segment'}>
      <div className="field">
        <label htmlFor="segment-name">Segment name</label>
        <input id="segment-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
      </div>
      <div className="field">
        <label htmlFor="segment-match">Clients who match</label>
        <select id="segment-match" value={match} onChange={(e) => setMatch(e.target.value)}>
          <option value="all">all of these rules</option>
          <option value="any">any of these rules</option>
        </select>
      </div>
      <fieldset className="marketing-rules">
        <legend>Rules</legend>
        {rules.map((rule, i) => {
          const spec = RULE_FIELDS[rule.field]!;
          const id = (part: string) => `rule-${i}-${part}`;
          return (
            <div className="marketing-rule" key={i} data-testid={`rule-${i}`}>
              <div className="field">
                <label htmlFor={id('field')}>Rule {i + 1}</label>
                <select id={id('field')} value={rule.field} onChange={(e) => setRule(i, newRule(e.target.value))}>
                  {Object.entries(RULE_FIELDS).map(([value, f]) => (
                    <option key={value} value={value}>
                      {f.label}
                    </option>
                  ))}
                </select>
              </div>
              {spec.ops && (
                <div className="field">
                  <label htmlFor={id('op')}>Condition</label>
                  <select id={id('op')} value={rule.op ?? ''} onChange={(e) => setRule(i, { ...rule, op: e.target.value })}>
                    {spec.ops.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              {(spec.input === 'days' || spec.input === 'count') && (
                <div className="field">
                  <label htmlFor={id('amount')}>{spec.input === 'days' ? 'Days' : 'Visits'}</label>
                  <input
                    id={id('amount')}
                    type="number"
                    min={spec.input === 'days' ? 1 : 0}
                    value={rule.amount ?? 0}
                    onChange={(e) => setRule(i, { ...rule, amount: Number(e.target.value) })}
                  />
                </div>
              )}
              {spec.input === 'money' && (
                <div className="field">
                  <label htmlFor={id('amount')}>Amount ($)</label>
                  <input
                    id={id('amount')}
                    type="number"
                    min={0}
                    step="0.01"
                    value={(rule.amount ?? 0) / 100}
                    onChange={(e) => setRule(i, { ...rule, amount: Math.round(Number(e.target.value) * 100) })}
                  />
                </div>
              )}
              {spec.input === 'month' && (
                <div className="field">
                  <label htmlFor={id('amount')}>Month</label>
                  <select
                    id={id('amount')}
                    value={rule.amount ?? 0}
                    onChange={(e) => setRule(i, { ...rule, amount: Number(e.target.value) })}
                  >
                    <option value={0}>The month of sending</option>
                    {MONTHS.map((m, n) => (
                      <option key={m} value={n + 1}>
                        {m}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              {(spec.input === 'text' || spec.input === 'staff') && (
                <div className="field">
                  <label htmlFor={id('value')}>{rule.field === 'tag' ? 'Tag' : rule.field === 'serviceHad' ? 'Service' : 'Staff id'}</label>
                  <input id={id('value')} value={rule.value ?? ''} onChange={(e) => setRule(i, { ...rule, value: e.target.value })} />
                </div>
              )}
              {spec.input === 'location' && (
                <div className="field">
                  <label htmlFor={id('value')}>Location</label>
                  <select id={id('value')} value={rule.value ?? ''} onChange={(e) => setRule(i, { ...rule, value: e.target.value })}>
                    <option value="">Choose…</option>
                    {locations.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => setRules(rules.filter((_, j) => j !== i))}
                disabled={rules.length === 1}
              >
                Remove<span className="visually-hidden"> rule {i + 1}</span>
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => setRules([...rules, newRule('tag')])}
          disabled={rules.length >= 20}
        >
          Add rule
        </button>
      </fieldset>
      <p className="marketing-count" aria-live="polite" data-testid="segment-count">
        {countError
          ? graphqlErrorMessage(countError)
          : counted
            ? `${counted.segmentCount.total} client${counted.segmentCount.total === 1 ? '' : 's'} · ${counted.segmentCount.email} reachable by e-mail · ${counted.segmentCount.sms} by text`
            : 'Counting…'}
      </p>
      {error ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      ) : null}
      <div className="marketing-buttons">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          Save segment
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void onClose(false)}>
          Close
        </button>
      </div>
    </form>
  );
}

function CampaignEditor({
  campaign,
  segments,
  onClose,
}: {
  campaign: CampaignItem | null;
  segments: SegmentItem[];
  onClose: () => Promise<void>;
}) {
  const { selected } = useLocations();
  const [form, setForm] = useState({
    name: campaign?.name ?? '',
    channel: campaign?.channel ?? 'email',
    segmentId: campaign?.segmentId ?? segments[0]?.id ?? '',
    subject: campaign?.subject ?? '',
    text: campaign?.channel === 'sms' ? (campaign.text ?? '') : '',
    sendAt: '',
  });
  const [designed, setDesigned] = useState<DesignerValue>({
    html: campaign?.html ?? starterEmail(window.location.origin),
    design: campaign?.design ?? '',
  });
  const flush = useRef<(() => Promise<DesignerValue>) | null>(null);
  // A template chosen: the designer is made again from its HTML (it reads its initial value once).
  const [designerKey, setDesignerKey] = useState(0);
  const [save, { loading: saving, error }] = useMutation(SAVE_CAMPAIGN);
  const [schedule, { loading: scheduling, error: scheduleError }] = useMutation(SCHEDULE_CAMPAIGN);
  const sms = form.channel === 'sms' ? smsSegments(`${form.text}\nReply STOP to opt out.`) : null;

  const persist = async () => {
    const design = form.channel === 'email' && flush.current ? await flush.current() : designed;
    const result = await save({
      variables: {
        input: {
          ...(campaign ? { id: campaign.id, version: campaign.version } : {}),
          name: form.name,
          channel: form.channel,
          segmentId: form.segmentId,
          locationId: selected?.id ?? null,
          subject: form.channel === 'email' ? form.subject : null,
          html: form.channel === 'email' ? design.html : null,
          design: form.channel === 'email' ? design.design || null : null,
          text: form.channel === 'sms' ? form.text : null,
        },
      },
    }).catch(() => null);
    return result?.data?.saveCampaign ?? null;
  };
  const submit = async (e: React.FormEvent, how: 'draft' | 'now' | 'later') => {
    e.preventDefault();
    const saved = await persist();
    if (!saved) return;
    if (how !== 'draft') {
      const sendAt = how === 'later' ? sendAtIso(form.sendAt) : null;
      const done = await schedule({ variables: { id: saved.id, sendAt } }).catch(() => null);
      if (!done?.data) return;
    }
    await onClose();
  };

  return (
    <form
      className="form marketing-editor"
      onSubmit={(e) => void submit(e, 'draft')}
      aria-label={campaign ? `Edit campaign ${campaign.name}` : 'New campaign'}
      data-testid="campaign-editor"
    >
      <div className="marketing-editor-grid">
        <div className="field">
          <label htmlFor="campaign-name">Campaign name</label>
          <input
            id="campaign-name"
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            required
            maxLength={100}
          />
        </div>
        <div className="field">
          <label htmlFor="campaign-segment">Send to</label>
          <select id="campaign-segment" value={form.segmentId} onChange={(e) => setForm({ ...form, segmentId: e.target.value })}>
            {segments.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="campaign-channel">Channel</label>
          <select id="campaign-channel" value={form.channel} onChange={(e) => setForm({ ...form, channel: e.target.value })}>
            <option value="email">E-mail</option>
            <option value="sms">Text message</option>
          </select>
        </div>
      </div>
      {form.channel === 'email' ? (
        <>
          <div className="field">
            <label htmlFor="campaign-subject">Subject</label>
            <input
              id="campaign-subject"
              value={form.subject}
              onChange={(e) => setForm({ ...form, subject: e.target.value })}
              maxLength={200}
              aria-describedby="campaign-variables"
            />
          </div>
          <p className="muted small" id="campaign-variables">
            {'{{firstName}}'} is replaced by each client’s first name. An unsubscribe link is added at the end of every e-mail.
          </p>
          <StartFromTemplate
            onUse={(value) => {
              setDesigned(value);
              setDesignerKey((k) => k + 1);
            }}
          />
          <Suspense fallback={<Spinner fullScreen={false} />}>
            <EmailDesigner
              key={designerKey}
              initialHtml={designed.html}
              initialDesign={designed.design || null}
              onChange={setDesigned}
              flushRef={flush}
            />
          </Suspense>
        </>
      ) : (
        <div className="field">
          <label htmlFor="campaign-text">Text</label>
          <textarea
            id="campaign-text"
            rows={4}
            value={form.text}
            onChange={(e) => setForm({ ...form, text: e.target.value })}
            maxLength={1500}
            aria-describedby="campaign-sms-segments"
          />
          <p className="muted small" id="campaign-sms-segments" data-testid="campaign-sms-segments">
            “Reply STOP to opt out.” is added. {sms?.segments ?? 1} segment{sms?.segments === 1 ? '' : 's'} ({sms?.encoding}) per client.
          </p>
        </div>
      )}
      {error || scheduleError ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error ?? scheduleError)}
        </div>
      ) : null}
      <div className="marketing-buttons">
        <button type="submit" className="btn btn-secondary" disabled={saving || scheduling}>
          Save draft
        </button>
        <button type="button" className="btn btn-primary" disabled={saving || scheduling} onClick={(e) => void submit(e, 'now')}>
          Send now
        </button>
        <div className="field marketing-schedule">
          <label htmlFor="campaign-send-at">Send at</label>
          <input
            id="campaign-send-at"
            type="datetime-local"
            value={form.sendAt}
            onChange={(e) => setForm({ ...form, sendAt: e.target.value })}
          />
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={saving || scheduling || !sendAtIso(form.sendAt)}
          onClick={(e) => void submit(e, 'later')}
        >
          Schedule
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void onClose()}>
          Close
        </button>
      </div>
    </form>
  );
}

/** A count of recipients who opened or clicked, with its share of the recipients. */
function Engagement({ count, of }: { count: number; of: number }) {
  return (
    <>
      {count}
      {of > 0 ? <div className="muted small">{Math.round((count / of) * 100)}%</div> : null}
    </>
  );
}
