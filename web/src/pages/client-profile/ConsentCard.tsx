import { useId, useState } from 'react';
import { toast } from '../../shell/Toaster';
import type { Client, ConsentMethod } from '@salon/contracts';
import { errorText, type ClientInput } from '../clients/clients-api';
import { GRANT_METHODS, consentText } from './consent';

type Update = (build: (current: Client) => ClientInput | null) => Promise<Client | null>;
type Channel = 'sms' | 'email';

/** SMS and e-mail marketing consent: who, when and how; granting asks for the method. */
export function ConsentCard({
  client,
  canEdit,
  update,
  nameOf,
}: {
  client: Client;
  canEdit: boolean;
  update: Update;
  nameOf(id: string): string | null;
}) {
  const id = useId();
  const [granting, setGranting] = useState<Channel | null>(null);
  const [method, setMethod] = useState<ConsentMethod>('verbal');
  const [busy, setBusy] = useState(false);

  const set = async (channel: Channel, granted: boolean, how: ConsentMethod | null) => {
    setBusy(true);
    try {
      const key = channel === 'sms' ? 'smsConsent' : 'emailConsent';
      await update((c) => (c[key].granted === granted ? null : { [key]: { granted, method: how } }));
      setGranting(null);
      toast({
        title: `${channel === 'sms' ? 'SMS' : 'E-mail'} marketing consent ${granted ? 'recorded' : 'withdrawn'}`,
        variant: 'success',
      });
    } catch (e) {
      toast({ title: 'Could not change consent', description: errorText(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const row = (channel: Channel, title: string, contact: string | null) => {
    const consent = channel === 'sms' ? client.smsConsent : client.emailConsent;
    const on = consent?.granted ?? false;
    const labelId = `${id}-${channel}`;
    return (
      <div className="consent-row">
        <div className="consent-text">
          <span id={labelId} className="checkbox-label">
            {title}
          </span>
          <span className="muted small" data-testid={`consent-${channel}-text`}>
            {consentText(consent, nameOf)}
          </span>
          {!contact && <span className="hint">{channel === 'sms' ? 'Add a phone number first.' : 'Add an e-mail address first.'}</span>}
          {granting === channel && (
            <div className="consent-method">
              <div className="field">
                <label htmlFor={`${id}-${channel}-method`}>How did they agree?</label>
                <select
                  id={`${id}-${channel}-method`}
                  value={method}
                  onChange={(e) => setMethod(e.target.value as ConsentMethod)}
                  autoFocus
                >
                  {GRANT_METHODS.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={busy}
                onClick={() => void set(channel, true, method)}
                data-testid={`consent-${channel}-confirm`}
              >
                Record consent
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setGranting(null)}>
                Cancel
              </button>
            </div>
          )}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          className="switch"
          disabled={!canEdit || busy || (!on && !contact)}
          onClick={() => {
            if (on) void set(channel, false, 'staff');
            else {
              setMethod('verbal');
              setGranting(channel);
            }
          }}
          data-testid={`consent-${channel}`}
        >
          <span className="switch-thumb" />
        </button>
      </div>
    );
  };

  return (
    <section className="card" aria-labelledby={`${id}-t`}>
      <h2 className="card-title" id={`${id}-t`}>
        Marketing consent
      </h2>
      {row('sms', 'SMS marketing', client.phone)}
      {row('email', 'E-mail marketing', client.email)}
    </section>
  );
}
