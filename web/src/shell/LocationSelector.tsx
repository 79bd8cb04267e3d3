import { useEffect, useId, useRef, useState } from 'react';
import { locationSelectorView } from '../lib/locations';
import type { Location } from '@salon/contracts';

interface Props {
  locations: Location[];
  isLoading: boolean;
  selected: Location | null;
  onSelect(id: string): void;
}

function DefaultBadge() {
  return <span className="badge badge-primary">Default</span>;
}

function PinIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="9.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

/** Header location selector with every state of spec §2. */
export function LocationSelector({ locations, isLoading, selected, onSelect }: Props) {
  const view = locationSelectorView(locations, isLoading);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  if (view.kind === 'loading') {
    return (
      <div className="location-selector location-static" data-testid="location-selector" aria-busy="true">
        <PinIcon />
        <span className="muted">Loading locations...</span>
      </div>
    );
  }
  if (view.kind === 'empty') {
    return (
      <div className="location-selector location-static" data-testid="location-selector">
        <PinIcon />
        <span className="muted">No locations available</span>
      </div>
    );
  }
  if (view.kind === 'single') {
    return (
      <div className="location-selector location-static" data-testid="location-selector">
        <PinIcon />
        <span className="location-name" data-testid="location-current">
          {view.location.name}
        </span>
        <DefaultBadge />
      </div>
    );
  }

  const choose = (id: string) => {
    onSelect(id);
    setOpen(false);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') setOpen(false);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const items = Array.from(rootRef.current?.querySelectorAll<HTMLButtonElement>('[role="option"]') ?? []);
      if (!open) {
        setOpen(true);
        return;
      }
      const i = items.indexOf(document.activeElement as HTMLButtonElement);
      const next = e.key === 'ArrowDown' ? Math.min(items.length - 1, i + 1) : Math.max(0, i - 1);
      items[next]?.focus();
    }
  };

  return (
    <div className="location-selector location-dropdown" ref={rootRef} data-testid="location-selector" onKeyDown={onKeyDown}>
      <button
        type="button"
        className="location-trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        data-testid="location-select-button"
        onClick={() => setOpen((o) => !o)}
      >
        <PinIcon />
        {/* Named by its text (WCAG 2.5.3: the name holds what is seen): "Select location, current: Downtown Default". */}
        {selected && <span className="visually-hidden">Select location, current:</span>}
        <span className="location-name" data-testid="location-current">
          {selected ? selected.name : 'Select location'}
        </span>
        {selected?.isDefault && <DefaultBadge />}
        <svg className="icon chevron" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <div className="popover location-popover" id={listId} role="listbox" aria-label="Select location">
          <p className="popover-heading">Select location</p>
          {view.options.map((l) => (
            <button
              key={l.id}
              type="button"
              role="option"
              aria-selected={selected?.id === l.id}
              className={`popover-item${selected?.id === l.id ? ' is-selected' : ''}`}
              onClick={() => choose(l.id)}
            >
              <span>{l.name}</span>
              {l.isDefault && <DefaultBadge />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
