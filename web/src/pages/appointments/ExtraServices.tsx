import type { ServiceOption, StaffMember } from './appointments-api';
import type { VisitPart } from './series-api';

interface Props {
  parts: VisitPart[];
  onChange(parts: VisitPart[]): void;
  services: ServiceOption[];
  staff: StaffMember[];
}

/** "Add another service": the visit's next services in order, each with its own staff (or any). */
export function ExtraServices({ parts, onChange, services, staff }: Props) {
  const update = (i: number, patch: Partial<VisitPart>) => onChange(parts.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <div className="appt-extra" data-testid="extra-services">
      {parts.map((p, i) => (
        <div className="row gap wrap appt-extra-row" key={i} data-testid={`extra-service-${i}`}>
          <label className="field">
            <span>Then</span>
            <select
              value={p.serviceId}
              onChange={(e) => update(i, { serviceId: e.target.value })}
              data-testid={`extra-service-select-${i}`}
            >
              <option value="">Choose a service</option>
              {services.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>With</span>
            <select
              value={p.staffId ?? ''}
              onChange={(e) => update(i, { staffId: e.target.value || null })}
              data-testid={`extra-staff-select-${i}`}
            >
              <option value="">Any available</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.fullName}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => onChange(parts.filter((_, j) => j !== i))}
            aria-label={`Remove service ${i + 2}`}
          >
            Remove
          </button>
        </div>
      ))}
      {parts.length < 4 && (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => onChange([...parts, { serviceId: '', staffId: null }])}
          data-testid="add-service"
        >
          Add another service
        </button>
      )}
    </div>
  );
}
