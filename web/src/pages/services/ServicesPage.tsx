import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { asApiError, graphqlErrorMessage } from '../../lib/apollo';
import { formatCents, formatDuration } from '../../lib/format';
import { useLocations } from '../../session/location-context';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { Dialog } from '../clients/Dialog';
import { errorText, fieldErrorsOf } from '../clients/clients-api';
import { DEVICES, ROOMS } from '../rooms-devices/resources-gql';
import { DEACTIVATE_SERVICE, SAVE_SERVICE, SERVICE, SERVICES } from './services-gql';
import { EMPTY_SERVICE_FORM, buildServiceInput, formFromService, groupByCategory, type Service, type ServiceForm } from './service-form';
import { useStaffOptions, type StaffOption } from './staff-options';
import '../../styles/clients.css';
import './services.css';

/** /services: the location's catalogue by category; create, edit, deactivate. */
export function ServicesPage() {
  const { selected } = useLocations();
  const { can } = usePermissions();
  const canEdit = can({ anyOf: [PERMISSIONS.EDIT_BUSINESS_SETTINGS, PERMISSIONS.EDIT_CALENDAR] });
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const locationId = selected?.id;
  const q = useQuery(SERVICES, {
    variables: { locationId, includeInactive: showInactive },
    skip: !locationId,
    fetchPolicy: 'cache-and-network',
  });
  const { people } = useStaffOptions();
  const roomsQ = useQuery(ROOMS, { variables: { locationId }, skip: !locationId });
  const devicesQ = useQuery(DEVICES, { variables: { locationId }, skip: !locationId });
  const rooms = { data: roomsQ.data?.rooms };
  const devices = { data: devicesQ.data?.devices };
  const [deactivateService, deactivating] = useMutation(DEACTIVATE_SERVICE);
  const deactivate = async (s: Service) => {
    try {
      await deactivateService({ variables: { id: s.id } });
      await q.refetch();
      toast({ title: `${s.name} deactivated`, variant: 'success' });
    } catch (e) {
      toast({ title: 'Could not deactivate', description: graphqlErrorMessage(e), variant: 'destructive' });
    }
  };
  const services = q.data?.services ?? [];
  const groups = groupByCategory(services);
  const staffName = (id: string) => people.find((p) => p.id === id)?.fullName ?? 'Unknown staff';

  return (
    <section className="page" data-testid="services-page">
      <header className="page-header">
        <div>
          <h1>Services</h1>
          <p className="muted">What clients can book at {selected?.name ?? 'this location'}: length, price, buffers and resources.</p>
        </div>
        <div className="row gap">
          <label className="checkbox-row">
            <input type="checkbox" checked={showInactive} onChange={(e) => setShowInactive(e.target.checked)} /> Show inactive
          </label>
          {canEdit && locationId && (
            <button type="button" className="btn btn-primary" data-testid="new-service" onClick={() => setEditing('new')}>
              New service
            </button>
          )}
        </div>
      </header>
      {!locationId ? (
        <div className="card empty-state">
          <h2>No location selected</h2>
          <p className="muted">Choose a location in the header.</p>
        </div>
      ) : q.loading && !q.data ? (
        <Spinner fullScreen={false} />
      ) : q.error && !q.data ? (
        <div className="alert alert-error" role="alert">
          {graphqlErrorMessage(q.error)}
        </div>
      ) : services.length === 0 ? (
        <div className="card empty-state">
          <h2>No services yet</h2>
          <p className="muted">
            {canEdit ? 'Add your first service so clients can book it.' : 'Nothing has been added at this location yet.'}
          </p>
        </div>
      ) : (
        groups.map((g) => (
          <div key={g.category} className="card table-card services-group">
            <h2 className="services-category">
              {g.category} <span className="muted small">({g.items.length})</span>
            </h2>
            <table className="table" aria-label={`${g.category} services`}>
              <thead>
                <tr>
                  <th>Service</th>
                  <th>Duration</th>
                  <th>Price</th>
                  <th>Buffers</th>
                  <th>Processing</th>
                  <th>Resources</th>
                  <th>Staff</th>
                  <th>
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {g.items.map((s) => (
                  <tr key={s.id} data-testid={`service-row-${s.id}`} className={s.active ? '' : 'is-inactive'}>
                    <td>
                      <strong>{s.name}</strong>{' '}
                      {s.onlineBookable ? (
                        <span className="badge badge-success">Online</span>
                      ) : (
                        <span className="badge badge-muted">In-salon only</span>
                      )}
                      {!s.active && <span className="badge badge-muted">Inactive</span>}
                      {s.description && <div className="muted small">{s.description}</div>}
                    </td>
                    <td>{formatDuration(s.durationMin)}</td>
                    <td>{formatCents(s.priceMinor)}</td>
                    <td className="small">
                      {s.bufferBeforeMin || s.bufferAfterMin
                        ? `${formatDuration(s.bufferBeforeMin)} before · ${formatDuration(s.bufferAfterMin)} after`
                        : '—'}
                    </td>
                    <td className="small">
                      {s.processing
                        ? `${formatDuration(s.processing.durationMin)} after ${formatDuration(s.processing.startAfterMin)}`
                        : '—'}
                    </td>
                    <td className="small">
                      {s.roomType ? <span className="chip">Room: {s.roomType}</span> : null}
                      {s.deviceTypes.map((d) => (
                        <span key={d} className="chip">
                          {d}
                        </span>
                      ))}
                      {!s.roomType && s.deviceTypes.length === 0 && '—'}
                    </td>
                    <td className="small">{s.staff.length ? s.staff.map((r) => staffName(r.staffId)).join(', ') : 'Anyone'}</td>
                    <td className="services-actions">
                      {canEdit && (
                        <>
                          <button
                            type="button"
                            className="btn btn-ghost btn-sm"
                            onClick={() => setEditing(s)}
                            aria-label={`Edit ${s.name}`}
                          >
                            Edit
                          </button>
                          {s.active && (
                            <button
                              type="button"
                              className="btn btn-secondary btn-sm"
                              disabled={deactivating.loading}
                              onClick={() => window.confirm(`Deactivate ${s.name}? It stays on past appointments.`) && void deactivate(s)}
                            >
                              Deactivate
                            </button>
                          )}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
      {editing && locationId && (
        <ServiceDialog
          service={editing === 'new' ? null : editing}
          locationId={locationId}
          people={people}
          roomTypes={[...new Set((rooms.data ?? []).map((r) => r.type))]}
          deviceTypes={[...new Set((devices.data ?? []).map((r) => r.type))]}
          onClose={() => setEditing(null)}
          onSaved={async (name) => {
            setEditing(null);
            await q.refetch();
            toast({ title: `${name} saved`, variant: 'success' });
          }}
        />
      )}
    </section>
  );
}

interface DialogProps {
  service: Service | null;
  locationId: string;
  people: StaffOption[];
  roomTypes: string[];
  deviceTypes: string[];
  onClose(): void;
  onSaved(name: string): void;
}

function ServiceDialog({ service, locationId, people, roomTypes, deviceTypes, onClose, onSaved }: DialogProps) {
  const [form, setForm] = useState<ServiceForm>(() => (service ? formFromService(service) : EMPTY_SERVICE_FORM));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deviceText, setDeviceText] = useState('');
  const set = (patch: Partial<ServiceForm>) => setForm((f) => ({ ...f, ...patch }));
  // The deposit rule is not in the list; an edit keeps whatever the service has.
  const full = useQuery(SERVICE, { variables: { id: service?.id ?? '' }, skip: !service, fetchPolicy: 'network-only' });
  const [saveService, save] = useMutation(SAVE_SERVICE);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const { input, errors: errs } = buildServiceInput(form, locationId);
    setErrors(errs);
    if (!input) return;
    const kept = full.data?.service.deposit;
    const deposit = kept ? { type: kept.type, amountMinor: kept.amountMinor, percent: kept.percent } : null;
    try {
      const saved = await saveService({ variables: { id: service?.id ?? null, input: { ...input, deposit } } });
      onSaved(saved.data?.saveService.name ?? form.name);
    } catch (err) {
      const apiError = asApiError(err);
      setErrors({ ...fieldErrorsOf(apiError), _form: errorText(apiError) });
    }
  };
  const err = (k: string) =>
    errors[k] && (
      <span className="field-error" role="alert">
        {errors[k]}
      </span>
    );
  const addDevice = (d: string) => {
    const v = d.trim();
    if (v && !form.deviceTypes.includes(v)) set({ deviceTypes: [...form.deviceTypes, v] });
    setDeviceText('');
  };
  const staffIds = new Set(form.staff.map((r) => r.staffId));
  return (
    <Dialog title={service ? `Edit ${service.name}` : 'New service'} onClose={onClose} wide testId="service-dialog">
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {errors._form && (
          <div className="alert alert-error" role="alert">
            {errors._form}
          </div>
        )}
        <div className="form-grid-2">
          <div className="field">
            <label htmlFor="svc-name">Name</label>
            <input id="svc-name" value={form.name} onChange={(e) => set({ name: e.target.value })} autoFocus maxLength={120} />
            {err('name')}
          </div>
          <div className="field">
            <label htmlFor="svc-category">Category</label>
            <input
              id="svc-category"
              value={form.category}
              onChange={(e) => set({ category: e.target.value })}
              maxLength={80}
              placeholder="e.g. Hair"
            />
            {err('category')}
          </div>
        </div>
        <div className="field">
          <label htmlFor="svc-desc">Description</label>
          <textarea
            id="svc-desc"
            rows={2}
            value={form.description}
            onChange={(e) => set({ description: e.target.value })}
            maxLength={2000}
          />
          {err('description')}
        </div>
        <div className="form-grid-4">
          <div className="field">
            <label htmlFor="svc-duration">Duration (min)</label>
            <input id="svc-duration" inputMode="numeric" value={form.duration} onChange={(e) => set({ duration: e.target.value })} />
            {form.duration && !errors.durationMin && <span className="hint">{formatDuration(Number(form.duration) || 0)}</span>}
            {err('durationMin')}
          </div>
          <div className="field">
            <label htmlFor="svc-price">Price (USD)</label>
            <input
              id="svc-price"
              inputMode="decimal"
              value={form.price}
              onChange={(e) => set({ price: e.target.value })}
              placeholder="0.00"
            />
            {err('priceMinor')}
          </div>
          <div className="field">
            <label htmlFor="svc-bb">Buffer before (min)</label>
            <input id="svc-bb" inputMode="numeric" value={form.bufferBefore} onChange={(e) => set({ bufferBefore: e.target.value })} />
            {err('bufferBeforeMin')}
          </div>
          <div className="field">
            <label htmlFor="svc-ba">Buffer after (min)</label>
            <input id="svc-ba" inputMode="numeric" value={form.bufferAfter} onChange={(e) => set({ bufferAfter: e.target.value })} />
            {err('bufferAfterMin')}
          </div>
        </div>
        <fieldset className="fieldset">
          <legend>Processing time</legend>
          <label className="checkbox-row">
            <input type="checkbox" checked={form.hasProcessing} onChange={(e) => set({ hasProcessing: e.target.checked })} /> The staff
            member is free during part of this service
          </label>
          {form.hasProcessing && (
            <div className="form-grid-2">
              <div className="field">
                <label htmlFor="svc-ps">Starts after (min)</label>
                <input
                  id="svc-ps"
                  inputMode="numeric"
                  value={form.processingStart}
                  onChange={(e) => set({ processingStart: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor="svc-pd">Lasts (min)</label>
                <input
                  id="svc-pd"
                  inputMode="numeric"
                  value={form.processingDuration}
                  onChange={(e) => set({ processingDuration: e.target.value })}
                />
              </div>
            </div>
          )}
          {err('processing')}
        </fieldset>
        <div className="form-grid-2">
          <div className="field">
            <label htmlFor="svc-room">Room type</label>
            <input
              id="svc-room"
              list="svc-room-types"
              value={form.roomType}
              onChange={(e) => set({ roomType: e.target.value })}
              placeholder="None"
            />
            <datalist id="svc-room-types">
              {roomTypes.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
            {err('roomType')}
          </div>
          <div className="field">
            <label htmlFor="svc-device">Device types</label>
            <div className="row gap">
              <input
                id="svc-device"
                list="svc-device-types"
                value={deviceText}
                onChange={(e) => setDeviceText(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addDevice(deviceText);
                  }
                }}
                placeholder="Add a device type"
              />
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => addDevice(deviceText)}>
                Add
              </button>
            </div>
            <datalist id="svc-device-types">
              {deviceTypes.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
            <div className="row wrap">
              {form.deviceTypes.map((d) => (
                <button
                  key={d}
                  type="button"
                  className="chip chip-btn"
                  aria-label={`Remove ${d}`}
                  onClick={() => set({ deviceTypes: form.deviceTypes.filter((x) => x !== d) })}
                >
                  {d} ×
                </button>
              ))}
            </div>
            {err('deviceTypes')}
          </div>
        </div>
        <div className="row gap wrap">
          <label className="checkbox-row">
            <input type="checkbox" checked={form.onlineBookable} onChange={(e) => set({ onlineBookable: e.target.checked })} /> Clients can
            book online
          </label>
          <label className="checkbox-row">
            <input type="checkbox" checked={form.active} onChange={(e) => set({ active: e.target.checked })} /> Active
          </label>
        </div>
        <fieldset className="fieldset">
          <legend>Staff who perform it</legend>
          <p className="hint">Nobody selected means anyone can. Leave duration or price empty to use the service’s own.</p>
          <div className="service-staff">
            {people.map((p) => {
              const i = form.staff.findIndex((r) => r.staffId === p.id);
              const row = i >= 0 ? form.staff[i] : null;
              return (
                <div key={p.id} className="service-staff-row">
                  <label className="checkbox-row">
                    <input
                      type="checkbox"
                      checked={staffIds.has(p.id)}
                      onChange={(e) =>
                        set({
                          staff: e.target.checked
                            ? [...form.staff, { staffId: p.id, duration: '', price: '' }]
                            : form.staff.filter((r) => r.staffId !== p.id),
                        })
                      }
                    />
                    {p.fullName}
                  </label>
                  {row && (
                    <>
                      <input
                        aria-label={`${p.fullName} duration (min)`}
                        placeholder={`${form.duration || '—'} min`}
                        inputMode="numeric"
                        value={row.duration}
                        onChange={(e) => set({ staff: form.staff.map((r, j) => (j === i ? { ...r, duration: e.target.value } : r)) })}
                      />
                      <input
                        aria-label={`${p.fullName} price (USD)`}
                        placeholder={form.price ? `$${form.price}` : '$'}
                        inputMode="decimal"
                        value={row.price}
                        onChange={(e) => set({ staff: form.staff.map((r, j) => (j === i ? { ...r, price: e.target.value } : r)) })}
                      />
                      {err(`staff.${i}.durationMin`)}
                      {err(`staff.${i}.priceMinor`)}
                    </>
                  )}
                </div>
              );
            })}
          </div>
          {err('staff')}
        </fieldset>
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" data-testid="save-service" disabled={save.loading || (!!service && !full.data)}>
            {save.loading ? 'Saving…' : service ? 'Save changes' : 'Create service'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
