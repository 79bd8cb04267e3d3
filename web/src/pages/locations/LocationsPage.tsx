import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useQueryClient } from '@tanstack/react-query';
import { graphqlErrorMessage } from '../../lib/apollo';
import { LOCATIONS_QUERY_KEY } from '../../session/location-context';
import { useSession } from '../../session/session-context';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { LocationForm } from './LocationForm';
import { CREATE_LOCATION, LOCATIONS, SET_DEFAULT_LOCATION, UPDATE_LOCATION } from './locations-gql';

export function LocationsPage() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const qc = useQueryClient();
  const { data, loading, error, refetch } = useQuery(LOCATIONS);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const after = async (title: string) => {
    setActionError(null);
    await refetch();
    void qc.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY });
    toast({ title, variant: 'success' });
  };
  const fail = (e: unknown) => setActionError(graphqlErrorMessage(e));

  const [create, createState] = useMutation(CREATE_LOCATION);
  const [update, updateState] = useMutation(UPDATE_LOCATION);
  const [setDefault, defaultState] = useMutation(SET_DEFAULT_LOCATION);
  const busy = createState.loading || updateState.loading || defaultState.loading;

  const locations = [...(data?.locations ?? [])].sort(
    (a, b) => Number(b.isDefault) - Number(a.isDefault) || Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name),
  );

  return (
    <section className="page" data-testid="locations-page">
      <header className="page-header">
        <div>
          <h1>Locations</h1>
          <p className="muted">Where your business operates. The default location is selected automatically for everyone.</p>
        </div>
        {isAdmin && !creating && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            Add location
          </button>
        )}
      </header>
      {actionError && (
        <div className="alert alert-error" role="alert">
          {actionError}
        </div>
      )}
      {creating && (
        <div className="card">
          <h2 className="card-title">New location</h2>
          <LocationForm
            busy={busy}
            submitLabel="Create location"
            onCancel={() => setCreating(false)}
            onSubmit={(input) =>
              create({ variables: { input } })
                .then(() => {
                  setCreating(false);
                  return after('Location created');
                })
                .catch(fail)
            }
          />
        </div>
      )}
      {loading && !data ? (
        <Spinner fullScreen={false} />
      ) : error && !data ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(error)}
        </div>
      ) : locations.length === 0 ? (
        <div className="card empty-state">
          <h2>No locations yet</h2>
          <p className="muted">
            {isAdmin ? 'Add your first location to start taking bookings.' : 'An admin has not added a location yet.'}
          </p>
        </div>
      ) : (
        <ul className="list" aria-label="Locations">
          {locations.map((l) => (
            <li key={l.id} className={`card list-item${l.isActive ? '' : ' is-inactive'}`} data-testid={`location-${l.id}`}>
              {editing === l.id ? (
                <LocationForm
                  initial={l}
                  busy={busy}
                  submitLabel="Save changes"
                  onCancel={() => setEditing(null)}
                  onSubmit={(input) =>
                    update({ variables: { id: l.id, input } })
                      .then(() => {
                        setEditing(null);
                        return after('Location saved');
                      })
                      .catch(fail)
                  }
                />
              ) : (
                <div className="list-row">
                  <div className="list-main">
                    <h2 className="list-title">
                      {l.name}
                      {l.isDefault && <span className="badge badge-primary">Default</span>}
                      <span className={`badge ${l.isActive ? 'badge-success' : 'badge-muted'}`}>{l.isActive ? 'Active' : 'Inactive'}</span>
                    </h2>
                    <p className="muted small">
                      {l.timeZone.replace(/_/g, ' ')}
                      {l.address ? ` · ${l.address}` : ''}
                      {l.phone ? ` · ${l.phone}` : ''}
                    </p>
                  </div>
                  {isAdmin && (
                    <div className="list-actions">
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(l.id)} aria-label={`Edit ${l.name}`}>
                        Edit
                      </button>
                      {!l.isDefault && l.isActive && (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          disabled={busy}
                          onClick={() =>
                            setDefault({ variables: { id: l.id } })
                              .then(() => after(`${l.name} is now the default`))
                              .catch(fail)
                          }
                        >
                          Make default
                        </button>
                      )}
                      {!l.isDefault && (
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          disabled={busy}
                          onClick={() =>
                            update({ variables: { id: l.id, input: { isActive: !l.isActive } } })
                              .then(() => after(l.isActive ? `${l.name} deactivated` : `${l.name} activated`))
                              .catch(fail)
                          }
                        >
                          {l.isActive ? 'Deactivate' : 'Activate'}
                        </button>
                      )}
                    </div>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
