import { useMemo, useState, type FormEvent } from 'react';
import { timeZoneOptions, type GqlLocation, type LocationInput } from './locations-gql';

interface Props {
  initial?: GqlLocation;
  busy: boolean;
  submitLabel: string;
  onSubmit(input: LocationInput): void;
  onCancel(): void;
}

export function LocationForm({ initial, busy, submitLabel, onSubmit, onCancel }: Props) {
  const zones = useMemo(() => timeZoneOptions(), []);
  const [name, setName] = useState(initial?.name ?? '');
  const [timeZone, setTimeZone] = useState(initial?.timeZone ?? 'America/Chicago');
  const [address, setAddress] = useState(initial?.address ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  const idp = initial ? `loc-${initial.id}` : 'loc-new';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ name: name.trim(), timeZone, address: address.trim() || null, phone: phone.trim() || null });
  };

  return (
    <form className="form location-form" onSubmit={submit} aria-label={initial ? `Edit ${initial.name}` : 'New location'}>
      <div className="grid grid-2 tight">
        <div className="field">
          <label htmlFor={`${idp}-name`}>Name</label>
          <input id={`${idp}-name`} value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} autoFocus />
        </div>
        <div className="field">
          <label htmlFor={`${idp}-tz`}>Time zone</label>
          <select id={`${idp}-tz`} value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${idp}-address`}>Address</label>
          <input id={`${idp}-address`} value={address} onChange={(e) => setAddress(e.target.value)} autoComplete="street-address" />
        </div>
        <div className="field">
          <label htmlFor={`${idp}-phone`}>Phone</label>
          <input id={`${idp}-phone`} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="tel" />
        </div>
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
