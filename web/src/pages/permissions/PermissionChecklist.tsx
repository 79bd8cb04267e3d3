import { groupByCategory, toggleIn, type CatalogItem } from './catalog';

interface Props {
  idPrefix: string;
  catalog: CatalogItem[];
  value: string[];
  onChange(next: string[]): void;
  disabled?: boolean;
}

/** Tick boxes for the permission catalogue, grouped by category. */
export function PermissionChecklist({ idPrefix, catalog, value, onChange, disabled }: Props) {
  return (
    <div className="perm-categories">
      {groupByCategory(catalog).map((bucket) => {
        const all = bucket.items.every((i) => value.includes(i.name));
        return (
          <fieldset key={bucket.category} className="fieldset perm-category">
            <legend>
              {bucket.category}
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                disabled={disabled}
                onClick={() => onChange(bucket.items.reduce((acc, i) => toggleIn(acc, i.name, !all), value))}
              >
                {all ? 'Clear' : 'Select all'}
              </button>
            </legend>
            {bucket.items.map((item) => {
              const id = `${idPrefix}-${item.name}`;
              return (
                <div key={item.name} className="checkbox-row">
                  <input
                    id={id}
                    type="checkbox"
                    checked={value.includes(item.name)}
                    disabled={disabled}
                    onChange={(e) => onChange(toggleIn(value, item.name, e.target.checked))}
                    aria-describedby={`${id}-desc`}
                  />
                  <label htmlFor={id}>
                    <span className="checkbox-label">{item.label}</span>
                    <span className="muted small" id={`${id}-desc`}>
                      {item.description}
                    </span>
                  </label>
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
