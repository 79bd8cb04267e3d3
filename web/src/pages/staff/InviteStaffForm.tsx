import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatDateTime } from '../../lib/format';
import { GROUP_NAMES, INVITE_STAFF, type Invitation } from './staff-gql';

export function InviteStaffForm({ onDone, onClose }: { onDone(): void; onClose(): void }) {
  const groups = useQuery(GROUP_NAMES);
  const [invite, state] = useMutation(INVITE_STAFF);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [result, setResult] = useState<Invitation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const res = await invite({
        variables: { input: { email: email.trim(), firstName: firstName.trim() || null, lastName: lastName.trim() || null, groupIds } },
      });
      if (res.data) {
        setResult(res.data.inviteStaff);
        onDone();
      }
    } catch (err) {
      setError(graphqlErrorMessage(err));
    }
  };

  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.inviteUrl);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  if (result) {
    return (
      <div className="card invite-result" data-testid="invite-result">
        <h2 className="card-title">Invitation created</h2>
        <p className="muted">
          Send this link to {result.email}. It expires {formatDateTime(result.expiresAt)}.
        </p>
        <div className="copy-row">
          <label htmlFor="invite-url" className="visually-hidden">
            Invitation link
          </label>
          <input id="invite-url" readOnly value={result.inviteUrl} onFocus={(e) => e.target.select()} data-testid="invite-url" />
          <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setResult(null);
              setEmail('');
              setFirstName('');
              setLastName('');
              setGroupIds([]);
              setCopied(false);
            }}
          >
            Invite another
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="card form" onSubmit={submit} aria-label="Invite staff">
      <h2 className="card-title">Invite a staff member</h2>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <div className="grid grid-3 tight">
        <div className="field">
          <label htmlFor="invite-email">E-mail</label>
          <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        </div>
        <div className="field">
          <label htmlFor="invite-first">First name</label>
          <input id="invite-first" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-last">Last name</label>
          <input id="invite-last" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
      </div>
      {(groups.data?.permissionGroups.length ?? 0) > 0 && (
        <fieldset className="fieldset">
          <legend>Permission groups</legend>
          <div className="checkbox-grid">
            {groups.data!.permissionGroups.map((g) => (
              <label key={g.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={groupIds.includes(g.id)}
                  onChange={(e) => setGroupIds((ids) => (e.target.checked ? [...ids, g.id] : ids.filter((i) => i !== g.id)))}
                />
                {g.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={state.loading}>
          {state.loading ? 'Sending…' : 'Create invitation'}
        </button>
      </div>
    </form>
  );
}
