import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import type { ResourceInput } from '../../gql/graphql';
import { useLocations } from '../../session/location-context';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { Dialog } from '../clients/Dialog';
import { errorText, fieldErrorsOf } from '../clients/clients-api';
import { DEVICES, ROOMS, SAVE_DEVICE, SAVE_ROOM } from './resources-gql';
import '../../styles/clients.css';

export type ResourceKind = 'room' | 'device';

export interface Resource {
  id: string;
  kind: ResourceKind;
  locationId: string;
  name: string;
  type: string;
  capacity: number;
  active: boolean;
}

const TEXT = {
  room: {
    title: 'Rooms',
    one: 'room',
    operation: 'Rooms',
    lead: 'Treatment rooms and stations that services can require.',
    typeHint: 'e.g. Treatment room, Wash station',
  },
  device: {
    title: 'Devices',
    one: 'device',
    operation: 'Devices',
    lead: 'Equipment that services can require, such as lasers or dryers.',
    typeHint: 'e.g. Laser, Hood dryer',
  },
} as const;

/** /rooms and /devices: the location's resources of one kind; create and edit. */
export function ResourcesPage({ kind }: { kind: ResourceKind }) {
  const t = TEXT[kind];
  const { selected } = useLocations();
  const { can } = usePermissions();
  const canEdit = can(PERMISSIONS.EDIT_BUSINESS_SETTINGS);
  const locationId = selected?.id;
  const [editing, setEditing] = useState<Resource | 'new' | null>(null);
  const roomsQ = useQuery(ROOMS, { variables: { locationId }, skip: !locationId || kind !== 'room' });
  const devicesQ = useQuery(DEVICES, { variables: { locationId }, skip: !locationId || kind !== 'device' });
  const listQ = kind === 'room' ? roomsQ : devicesQ;
  const list = kind === 'room' ? roomsQ.data?.rooms : devicesQ.data?.devices;
  const q = { isPending: listQ.loading && !list, error: list ? null : listQ.error };
  // GraphQL types kind as String; the values are room | device.
  const items = [...((list ?? []) as Resource[])].sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name));
  return (
    <section className="page" data-testid={`${kind}s-page`}>
      <header className="page-header">
        <div>
          <h1>{t.title}</h1>
          <p className="muted">{t.lead}</p>
        </div>
        {canEdit && locationId && (
          <button type="button" className="btn btn-primary" data-testid="new-resource" onClick={() => setEditing('new')}>
            New {t.one}
          </button>
        )}
      </header>
      {!locationId ? (
        <div className="card empty-state">
          <h2>No location selected</h2>
          <p className="muted">Choose a location in the header.</p>
        </div>
      ) : q.isPending ? (
        <Spinner fullScreen={false} />
      ) : q.error ? (
        <div className="alert alert-error" role="alert">
          {errorText(q.error)}
        </div>
      ) : items.length === 0 ? (
        <div className="card empty-state">
          <h2>No {t.one}s yet</h2>
          <p className="muted">{canEdit ? `Add a ${t.one} so services can reserve it.` : `No ${t.one}s at ${selected?.name}.`}</p>
        </div>
      ) : (
        <div className="card table-card">
          <table className="table" aria-label={t.title}>
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th>Capacity</th>
                <th>Status</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id} data-testid={`resource-row-${r.id}`}>
                  <td>
                    <strong>{r.name}</strong>
                  </td>
                  <td>{r.type}</td>
                  <td>{r.capacity}</td>
                  <td>
                    <span className={`badge ${r.active ? 'badge-success' : 'badge-muted'}`}>{r.active ? 'Active' : 'Inactive'}</span>
                  </td>
                  <td style={{ textAlign: 'right' }}>
                    {canEdit && (
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(r)} aria-label={`Edit ${r.name}`}>
                        Edit
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && locationId && (
        <ResourceDialog
          kind={kind}
          resource={editing === 'new' ? null : editing}
          locationId={locationId}
          onClose={() => setEditing(null)}
          onSaved={(r) => {
            setEditing(null);
            toast({ title: `${r.name} saved`, variant: 'success' });
          }}
        />
      )}
    </section>
  );
}

function ResourceDialog({
  kind,
  resource,
  locationId,
  onClose,
  onSaved,
}: {
  kind: ResourceKind;
  resource: Resource | null;
  locationId: string;
  onClose(): void;
  onSaved(r: Resource): void;
}) {
  const t = TEXT[kind];
  const [name, setName] = useState(resource?.name ?? '');
  const [type, setType] = useState(resource?.type ?? '');
  const [capacity, setCapacity] = useState(String(resource?.capacity ?? 1));
  const [active, setActive] = useState(resource?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A new one is added to the list by re-reading it; an edited one is updated in the cache by its id.
  const [saveRoom, roomState] = useMutation(SAVE_ROOM, { refetchQueries: resource ? [] : [t.operation] });
  const [saveDevice, deviceState] = useMutation(SAVE_DEVICE, { refetchQueries: resource ? [] : [t.operation] });
  const save = {
    isPending: roomState.loading || deviceState.loading,
    mutate: (input: ResourceInput) => {
      const variables = { id: resource?.id ?? null, input };
      const saved =
        kind === 'room' ? saveRoom({ variables }).then((r) => r.data?.saveRoom) : saveDevice({ variables }).then((r) => r.data?.saveDevice);
      saved.then(
        (r) => r && onSaved(r as Resource),
        (e: unknown) => setErrors({ ...fieldErrorsOf(e), _form: errorText(e) }),
      );
    },
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!name.trim()) errs.name = 'Name is required';
    if (!type.trim()) errs.type = 'Type is required';
    const cap = Number(capacity);
    if (!/^\d+$/.test(capacity.trim()) || cap < 1 || cap > 100) errs.capacity = 'Capacity must be 1–100';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    save.mutate({ locationId, name: name.trim(), type: type.trim(), capacity: cap, active });
  };
  const err = (k: string) =>
    errors[k] && (
      <span className="field-error" role="alert">
        {errors[k]}
      </span>
    );
  return (
    <Dialog title={resource ? `Edit ${resource.name}` : `New ${t.one}`} onClose={onClose} testId="resource-dialog">
      <form className="form" onSubmit={submit} noValidate>
        {errors._form && (
          <div className="alert alert-error" role="alert">
            {errors._form}
          </div>
        )}
        <div className="field">
          <label htmlFor="res-name">Name</label>
          <input id="res-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} autoFocus />
          {err('name')}
        </div>
        <div className="field">
          <label htmlFor="res-type">Type</label>
          <input id="res-type" value={type} onChange={(e) => setType(e.target.value)} maxLength={60} placeholder={t.typeHint} />
          <span className="hint">Services ask for a {t.one} by its type.</span>
          {err('type')}
        </div>
        <div className="field">
          <label htmlFor="res-capacity">Capacity</label>
          <input id="res-capacity" inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} />
          <span className="hint">How many appointments can use it at once.</span>
          {err('capacity')}
        </div>
        <label className="checkbox-row">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Active
        </label>
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" data-testid="save-resource" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : resource ? 'Save changes' : `Create ${t.one}`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
