import { useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { usePermissions } from '../../session/use-permissions';
import { useSession } from '../../session/session-context';
import { useLocations } from '../../session/location-context';
import { Spinner } from '../../shell/Spinner';
import { formatPhone } from '../clients/phone';
import { formatCallLength, OUTCOME_LABELS, parsePhoneList, textBackLabel } from './call-format';
import { readClickToCall, ringChoices, saveClickToCall } from './click-to-call';
import { CALLS, CLIENT_FROM_CALL, MY_PHONE, SAVE_PHONE_NUMBER, type PhoneNumberItem } from './phone-gql';
import type { CallFieldsFragment } from '../../gql/graphql';
import './phone.css';

const POLL_MS = 3000;

/** /phone (view_phone): the location's business number, its call log, and where calls ring. */
export function PhonePage() {
  const { selected } = useLocations();
  const locationId = selected?.id ?? '';
  const { can } = usePermissions();
  const { data, previousData, loading, error, refetch } = useQuery(CALLS, {
    variables: { locationId, limit: 100 },
    skip: !locationId,
    pollInterval: POLL_MS,
    fetchPolicy: 'network-only',
  });
  const shown = data ?? previousData;
  const number = shown?.phoneNumbers.find((n) => n.locationId === locationId) ?? null;

  return (
    <section className="page phone-page" data-testid="phone-page">
      <header className="page-header">
        <div>
          <h1>Phone</h1>
          <p className="muted">
            {number
              ? `Calls to ${formatPhone(number.number)}${selected ? ` (${selected.name})` : ''} ring ${formatPhone(number.forwardTo)}${
                  number.ringStaff.length ? ` and ${number.ringStaff.length} staff phone${number.ringStaff.length > 1 ? 's' : ''}` : ''
                } for ${number.ringSeconds} seconds, then go to voicemail${number.textBack ? ' and the caller gets a text with your booking link' : ''}.`
              : `${selected ? selected.name : 'This location'} has no business number yet.`}
          </p>
        </div>
      </header>
      {error && !shown ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      ) : null}
      {loading && !shown ? <Spinner fullScreen={false} /> : null}
      {shown && <CallLog calls={shown.calls} canCreateClients={can(PERMISSIONS.CREATE_CLIENTS)} onChange={() => void refetch()} />}
      {number && <ClickToCallPhone key={locationId} locationId={locationId} number={number} />}
      {shown && can(PERMISSIONS.EDIT_BUSINESS_SETTINGS) && locationId && (
        <NumberSettings
          key={`${locationId}:${number?.number ?? ''}`}
          locationId={locationId}
          number={number}
          onSaved={() => void refetch()}
        />
      )}
    </section>
  );
}

function CallLog({ calls, canCreateClients, onChange }: { calls: CallFieldsFragment[]; canCreateClients: boolean; onChange: () => void }) {
  const [making, setMaking] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby="call-log-title">
      <h2 className="card-title" id="call-log-title">
        Call log
      </h2>
      {calls.length === 0 ? (
        <p className="muted">No calls yet.</p>
      ) : (
        <div className="phone-table-wrap">
          <table className="table phone-calls" aria-label="Calls" data-testid="call-log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Call</th>
                <th scope="col">Who</th>
                <th scope="col">Outcome</th>
                <th scope="col">Length</th>
                <th scope="col">Voicemail</th>
                <th scope="col">Text-back</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((c) => (
                <tr key={c.id} data-testid={`call-${c.callSid}`} data-phone={c.phone}>
                  <td>{formatDateTime(c.startedAt)}</td>
                  <td>{c.direction === 'inbound' ? 'Incoming' : 'Outgoing'}</td>
                  <td>
                    {c.clientId ? <Link to={`/clients/${c.clientId}`}>{c.clientName ?? 'Client'}</Link> : <span>Unknown caller</span>}
                    <span className="phone-meta"> {formatPhone(c.phone)}</span>
                    {!c.clientId && canCreateClients && making !== c.id && (
                      <button type="button" className="btn btn-secondary btn-sm phone-make-client" onClick={() => setMaking(c.id)}>
                        Make client<span className="visually-hidden"> from {formatPhone(c.phone)}</span>
                      </button>
                    )}
                    {making === c.id && (
                      <MakeClientForm
                        callId={c.id}
                        onDone={() => {
                          setMaking(null);
                          onChange();
                        }}
                      />
                    )}
                  </td>
                  <td>
                    <span className={`badge phone-outcome phone-outcome-${c.outcome}`}>{OUTCOME_LABELS[c.outcome] ?? c.outcome}</span>
                  </td>
                  <td>{formatCallLength(c.durationSeconds)}</td>
                  <td>
                    {c.recordingUrl ? (
                      <a href={c.recordingUrl} target="_blank" rel="noreferrer">
                        Listen<span className="visually-hidden"> to the message from {formatPhone(c.phone)}</span>
                      </a>
                    ) : (
                      ''
                    )}
                  </td>
                  <td data-testid="call-text-back">{textBackLabel(c.textBack)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function MakeClientForm({ callId, onDone }: { callId: string; onDone: () => void }) {
  const [create, { loading, error }] = useMutation(CLIENT_FROM_CALL);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void create({ variables: { input: { callId, firstName, lastName } } })
      .then(onDone)
      .catch(() => undefined);
  };
  return (
    <form className="phone-make-client-form" onSubmit={submit} aria-label="New client from this caller">
      <div className="field">
        <label htmlFor={`first-${callId}`}>First name</label>
        <input id={`first-${callId}`} value={firstName} onChange={(e) => setFirstName(e.target.value)} required />
      </div>
      <div className="field">
        <label htmlFor={`last-${callId}`}>Last name</label>
        <input id={`last-${callId}`} value={lastName} onChange={(e) => setLastName(e.target.value)} />
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={loading}>
        Create client
      </button>
    </form>
  );
}

function NumberSettings({ locationId, number, onSaved }: { locationId: string; number: PhoneNumberItem | null; onSaved: () => void }) {
  const [save, { loading, error }] = useMutation(SAVE_PHONE_NUMBER);
  const [form, setForm] = useState({
    number: number?.number ?? '',
    forwardTo: number?.forwardTo ?? '',
    ringStaff: (number?.ringStaff ?? []).join('\n'),
    ringSeconds: number?.ringSeconds ?? 20,
    textBack: number?.textBack ?? true,
    greeting: number?.greeting ?? 'Sorry we missed your call. Please leave a message after the tone.',
  });
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    void save({
      variables: {
        input: { locationId, ...form, ringStaff: parsePhoneList(form.ringStaff), ringSeconds: Number(form.ringSeconds) },
      },
    })
      .then(() => {
        setSaved(true);
        onSaved();
      })
      .catch(() => undefined);
  };
  return (
    <section className="card" aria-labelledby="phone-settings-title">
      <h2 className="card-title" id="phone-settings-title">
        Number and ringing
      </h2>
      <form className="form phone-settings" onSubmit={submit}>
        <div className="field">
          <label htmlFor="phone-number">Twilio number</label>
          <input id="phone-number" value={form.number} onChange={(e) => setForm({ ...form, number: e.target.value })} required />
        </div>
        <div className="field">
          <label htmlFor="phone-forward">Ring this phone (front desk)</label>
          <input id="phone-forward" value={form.forwardTo} onChange={(e) => setForm({ ...form, forwardTo: e.target.value })} required />
        </div>
        <div className="field">
          <label htmlFor="phone-staff">Also ring these staff phones (one per line)</label>
          <textarea id="phone-staff" rows={2} value={form.ringStaff} onChange={(e) => setForm({ ...form, ringStaff: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="phone-seconds">Seconds before voicemail</label>
          <input
            id="phone-seconds"
            type="number"
            min={5}
            max={60}
            value={form.ringSeconds}
            onChange={(e) => setForm({ ...form, ringSeconds: Number(e.target.value) })}
          />
        </div>
        <div className="field">
          <label htmlFor="phone-greeting">Voicemail greeting</label>
          <textarea id="phone-greeting" rows={2} value={form.greeting} onChange={(e) => setForm({ ...form, greeting: e.target.value })} />
        </div>
        <label className="phone-check">
          <input type="checkbox" checked={form.textBack} onChange={(e) => setForm({ ...form, textBack: e.target.checked })} /> Text missed
          callers the booking link (never to a number that texted STOP or a client without SMS consent)
        </label>
        {error && (
          <div className="alert alert-error" role="alert">
            {graphqlErrorMessage(error)}
          </div>
        )}
        {saved && (
          <p className="phone-saved" role="status">
            Saved.
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={loading}>
            Save
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * Which phone rings first when this user presses Call on a client's profile at this location:
 * the front desk, a staff phone on the list, or the user's own phone from their profile (kept in
 * this browser). No free-typed number: the server refuses any other, since the salon pays the call.
 */
export function ClickToCallPhone({ locationId, number }: { locationId: string; number: PhoneNumberItem }) {
  const { user } = useSession();
  const mine = useQuery(MY_PHONE, { skip: !user });
  const choices = ringChoices(number, formatPhone, mine.data?.viewer.phone ?? null);
  const stored = readClickToCall(user?.id, locationId) ?? '';
  const [picked, setChoice] = useState<string | null>(null);
  // A stored phone no longer offered (taken off the list, or another number from before) falls back to the front desk.
  const choice = picked ?? (choices.some((c) => c.value === stored) ? stored : '');
  const [saved, setSaved] = useState(false);
  if (!user) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    saveClickToCall(user.id, locationId, choice);
    setSaved(true);
  };
  return (
    <section className="card" aria-labelledby="click-to-call-title" data-testid="click-to-call-phone">
      <h2 className="card-title" id="click-to-call-title">
        Your phone for click to call
      </h2>
      <p className="muted">When you press Call on a client&apos;s profile, this phone rings first; pick it up and you are connected.</p>
      <form className="form" onSubmit={submit}>
        <fieldset className="fieldset">
          <legend>Ring this phone</legend>
          {choices.map((c) => (
            <label key={c.value || 'front-desk'} className="phone-check">
              <input
                type="radio"
                name="click-to-call"
                value={c.value}
                checked={choice === c.value}
                onChange={() => {
                  setChoice(c.value);
                  setSaved(false);
                }}
              />{' '}
              {c.label}
            </label>
          ))}
        </fieldset>
        {mine.data && !mine.data.viewer.phone && (
          <p className="muted small" data-testid="click-to-call-own-hint">
            To ring your own mobile, add its number to your staff profile.
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-secondary btn-sm">
            Use this phone
          </button>
          {saved && (
            <span role="status" className="muted small">
              {' '}
              Saved: Call on a profile rings it.
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
