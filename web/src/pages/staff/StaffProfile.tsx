import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { TEXT_LIMITS } from '@salon/contracts/rules/text';
import { graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatDuration } from '../../lib/format';
import { Avatar } from '../../shell/Avatar';
import { toast } from '../../shell/Toaster';
import { Dialog } from '../clients/Dialog';
import { CalendarSync } from './CalendarSync';
import { PROFILE_HOURS, PROFILE_LOCATIONS, PROFILE_PAY, PROFILE_SERVICES, SET_USER_BIO, SET_USER_PHOTO, type StaffUser } from './staff-gql';
import { PHOTO_TYPES, photoFileProblem, shrinkPhoto } from './staff-photo';
import { currentPayRule, performedServices } from './staff-profile';
import './staff.css';

interface Props {
  person: StaffUser;
  onClose(): void;
  /** An admin, or the person themselves (identity's rule for setUserBio). */
  canEditBio: boolean;
  /** Whoever may read this person's working hours: their locations and the link to their schedule. */
  seesSchedule: boolean;
  /** Whoever may read the service catalogue. */
  seesServices: boolean;
  /** The person themselves, or whoever holds edit_calendar (scheduling's rule for calendar feeds). */
  managesFeed?: boolean;
  isSelf?: boolean;
  /** The person themselves, or whoever holds manage_payroll (payroll's rule for pay rules). */
  seesPay?: boolean;
  /** Whoever may change pay rules (manage_payroll): a link to them on Payroll. */
  managesPay?: boolean;
}

/**
 * A person's profile beside the staff list: photo, contact, the bio clients read on online booking,
 * where they work and what they perform at their own duration and price, and a way to their hours.
 */
export function StaffProfile({
  person,
  onClose,
  canEditBio,
  seesSchedule,
  seesServices,
  managesFeed = false,
  isSelf = false,
  seesPay = false,
  managesPay = false,
}: Props) {
  const name = person.fullName || person.email;
  const locations = useQuery(PROFILE_LOCATIONS, { skip: !seesSchedule && !seesServices });
  const services = useQuery(PROFILE_SERVICES, { skip: !seesServices });
  const workLocationIds = useWorkLocations(person.id, seesSchedule ? (locations.data?.locations ?? null) : null);
  const locationName = useMemo(() => new Map((locations.data?.locations ?? []).map((l) => [l.id, l.name])), [locations.data]);
  const performed = useMemo(
    () => (services.data && workLocationIds ? performedServices(person.id, services.data.services, workLocationIds) : null),
    [services.data, workLocationIds, person.id],
  );
  const manyLocations = (locations.data?.locations.length ?? 0) > 1;

  return (
    <Dialog title={name} onClose={onClose} placement="side" testId="staff-profile">
      <div className="staff-profile-head">
        <Avatar firstName={person.firstName} lastName={person.lastName} picture={person.profilePicture} size={72} />
        <div>
          {canEditBio && <PhotoControls person={person} />}
          <span className={`badge${person.role === 'admin' ? ' badge-primary' : ''}`}>{person.role}</span>{' '}
          {!person.isActive && <span className="badge badge-muted">Inactive</span>}
          {person.permissionGroups.length > 0 && <p className="muted small">{person.permissionGroups.map((g) => g.name).join(', ')}</p>}
        </div>
      </div>

      <section className="staff-profile-section" aria-labelledby="staff-profile-contact">
        <h3 id="staff-profile-contact">Contact</h3>
        <dl className="staff-profile-facts">
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${person.email}`}>{person.email}</a>
          </dd>
          <dt>Phone</dt>
          <dd>{person.phone ? <a href={`tel:${person.phone}`}>{person.phone}</a> : <span className="muted">Not given</span>}</dd>
        </dl>
      </section>

      <BioSection person={person} canEdit={canEditBio} />

      {managesFeed && person.role !== 'client' && <CalendarSync staffId={person.id} name={name} isSelf={isSelf} />}

      {seesSchedule && (
        <section className="staff-profile-section" aria-labelledby="staff-profile-locations">
          <h3 id="staff-profile-locations">Works at</h3>
          {workLocationIds === null ? (
            <p className="muted">Loading…</p>
          ) : workLocationIds.length === 0 ? (
            <p className="muted">No working hours yet.</p>
          ) : (
            <ul className="staff-profile-list">
              {workLocationIds.map((id) => (
                <li key={id}>{locationName.get(id) ?? 'A location'}</li>
              ))}
            </ul>
          )}
          <Link to={`/staff-schedule/${person.id}`}>Hours and time off for {name}</Link>
        </section>
      )}

      {seesServices && (
        <section className="staff-profile-section" aria-labelledby="staff-profile-services">
          <h3 id="staff-profile-services">Services</h3>
          {services.error ? (
            <p className="alert alert-error">{graphqlErrorMessage(services.error)}</p>
          ) : !performed ? (
            <p className="muted">Loading…</p>
          ) : performed.length === 0 ? (
            <p className="muted">Performs no services yet. Choose who performs each service on the Services page.</p>
          ) : (
            <table className="table staff-profile-services" aria-labelledby="staff-profile-services">
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {performed.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {s.name}
                      {manyLocations && <span className="muted small"> · {locationName.get(s.locationId) ?? ''}</span>}
                    </td>
                    <td>
                      {formatDuration(s.durationMin)}
                      {s.ownDuration && <span className="muted small"> (their own)</span>}
                    </td>
                    <td>
                      {formatCents(s.priceMinor)}
                      {s.ownPrice && <span className="muted small"> (their own)</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}

      {seesPay && person.role !== 'client' && <PaySection staffId={person.id} managesPay={managesPay} />}
    </Dialog>
  );
}

/**
 * The ids of the locations where the person has working hours (null while asking). Scheduling
 * answers working hours one location at a time, as /staff-schedule asks them.
 */
function useWorkLocations(staffId: string, locations: readonly { id: string }[] | null): string[] | null {
  const client = useApolloClient();
  const [ids, setIds] = useState<string[] | null>(null);
  useEffect(() => {
    if (!locations) return;
    let current = true;
    void Promise.all(
      locations.map((l) =>
        client
          .query({ query: PROFILE_HOURS, variables: { locationId: l.id, staffId }, fetchPolicy: 'network-only' })
          .then((r) => (r.data?.workingHours.some((h) => h.kind === 'work') ? l.id : null))
          .catch(() => null),
      ),
    ).then((found) => current && setIds(found.filter((id): id is string => id !== null)));
    return () => {
      current = false;
    };
  }, [client, staffId, locations]);
  return ids;
}

/** Choose a picture (cut to a square and shrunk here before it is sent) or remove it: an admin or the person themselves. */
function PhotoControls({ person }: { person: StaffUser }) {
  const id = useId();
  const [save, state] = useMutation(SET_USER_PHOTO);
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const send = async (photo: string | null) => {
    setError(null);
    try {
      await save({ variables: { id: person.id, photo } });
      toast({ title: photo ? 'Photo saved' : 'Photo removed', variant: 'success' });
    } catch (err) {
      setError(graphqlErrorMessage(err));
    }
  };
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) return setError(problem);
    setPreparing(true);
    try {
      await send(await shrinkPhoto(file));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The picture could not be read.');
    } finally {
      setPreparing(false);
    }
  };
  const busy = preparing || state.loading;
  return (
    <div className="staff-photo-controls">
      <input
        id={`${id}-photo`}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        className="visually-hidden"
        disabled={busy}
        data-testid="staff-photo-input"
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <label htmlFor={`${id}-photo`} className={`btn btn-secondary btn-xs${busy ? ' disabled' : ''}`}>
        {busy ? 'Saving photo…' : person.profilePicture ? 'Change photo' : 'Add a photo'}
      </label>
      {person.profilePicture && (
        <button type="button" className="btn btn-ghost btn-xs" disabled={busy} onClick={() => void send(null)}>
          Remove photo
        </button>
      )}
      {error && (
        <p className="alert alert-error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function BioSection({ person, canEdit }: { person: StaffUser; canEdit: boolean }) {
  const id = useId();
  const [bio, setBio] = useState(person.bio ?? '');
  const [error, setError] = useState<string | null>(null);
  const [save, state] = useMutation(SET_USER_BIO);
  const saved = person.bio ?? '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const res = await save({ variables: { id: person.id, bio: bio.trim() || null } });
      setBio(res.data?.setUserBio.bio ?? '');
      toast({ title: 'Bio saved', variant: 'success' });
    } catch (err) {
      setError(graphqlErrorMessage(err));
    }
  };
  if (!canEdit) {
    return (
      <section className="staff-profile-section" aria-labelledby={`${id}-bio`}>
        <h3 id={`${id}-bio`}>Bio</h3>
        {saved ? <p className="staff-profile-bio">{saved}</p> : <p className="muted">No bio yet.</p>}
      </section>
    );
  }
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-bio`} className="staff-profile-section staff-profile-bio-form">
      <h3 id={`${id}-bio`}>Bio</h3>
      <div className="field">
        <label htmlFor={`${id}-text`}>Shown to clients on online booking</label>
        <textarea
          id={`${id}-text`}
          rows={5}
          maxLength={TEXT_LIMITS.bio}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
        />
        <span id={`${id}-count`} className="muted small">
          {bio.length} of {TEXT_LIMITS.bio} characters
        </span>
        {error && (
          <p id={`${id}-error`} className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={state.loading || bio.trim() === saved.trim()}>
          {state.loading ? 'Saving…' : 'Save bio'}
        </button>
      </div>
    </form>
  );
}

/** The pay rule in force (payroll's own words for it) and when it changed; managers change it on Payroll. */
function PaySection({ staffId, managesPay }: { staffId: string; managesPay: boolean }) {
  const { data, loading, error } = useQuery(PROFILE_PAY, { variables: { staffId } });
  // Rules start on a local calendar day: today as this browser's calendar shows it.
  const today = new Date().toLocaleDateString('en-CA');
  const versions = data?.payRules ?? [];
  const current = currentPayRule(versions, today);
  const next = versions.filter((v) => v.effectiveFrom > today).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))[0];
  return (
    <section className="staff-profile-section" aria-labelledby="staff-profile-pay" data-testid="staff-profile-pay">
      <h3 id="staff-profile-pay">Pay</h3>
      {loading && <p className="muted">Loading…</p>}
      {error && <p role="alert">{graphqlErrorMessage(error)}</p>}
      {data && !current && !next && <p className="muted">No pay rule yet.</p>}
      {current && (
        <p>
          {current.summary}{' '}
          <span className="muted small">
            (since {current.effectiveFrom}, version {current.version})
          </span>
        </p>
      )}
      {next && (
        <p className="muted small">
          From {next.effectiveFrom}: {next.summary}
        </p>
      )}
      {managesPay && (
        <p>
          <Link to="/payroll">Change pay rules on Payroll</Link>
        </p>
      )}
    </section>
  );
}
