import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { graphqlErrorMessage } from '../../lib/apollo';
import { usePermissions } from '../../session/use-permissions';
import { formatPhone } from '../../pages/clients/phone';
import type { Client } from '@salon/contracts';
import { AlertIcon } from './AlertIcon';
import { CLIENT_SEARCH, PICKER_LIMIT, type PickerClient } from './client-picker-gql';
import { draftFromTyped } from './create-client';
import { enterChoice, type PickerOption } from './picker-rules';
import { QuickCreateForm, type CreateClientFn } from './QuickCreateForm';
import { useDebounced } from './use-debounced';
import '../../styles/clients.css';

export interface ClientPickerProps {
  value: PickerClient | null;
  onChange(client: PickerClient | null): void;
  /** Accessible label of the combobox (also shown unless `hideLabel`). */
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** Clients not to offer (e.g. the profile being merged into). */
  excludeIds?: readonly string[];
  /** Offer "Create “…”" (still only with create_clients). Default true. */
  allowCreate?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** The shared client picker: search-as-you-type, keyboard navigation, create inline. */
export function ClientPicker(props: ClientPickerProps) {
  const { can } = usePermissions();
  return <ClientCombobox {...props} canCreate={(props.allowCreate ?? true) && can(PERMISSIONS.CREATE_CLIENTS)} />;
}

export interface ClientComboboxProps extends ClientPickerProps {
  canCreate: boolean;
  createClient?: CreateClientFn;
  debounceMs?: number;
}

type Option = PickerOption<PickerClient>;

function toPicked(c: Client): PickerClient {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    fullName: c.fullName,
    phone: c.phone,
    email: c.email,
    alerts: c.alerts ?? [],
  };
}

/** The picker without the permission lookup (tests render this one). */
export function ClientCombobox({
  value,
  onChange,
  label = 'Client',
  hideLabel,
  placeholder = 'Search by name, phone or e-mail',
  excludeIds,
  canCreate,
  createClient,
  debounceMs = 150,
  autoFocus,
  disabled,
}: ClientComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // -1: nothing highlighted until the person moves with the arrow keys or the mouse (see enterChoice).
  const [active, setActive] = useState(-1);
  const [creating, setCreating] = useState<string | null>(null);
  const term = useDebounced(text.trim(), debounceMs);
  const { data, previousData, loading, error } = useQuery(CLIENT_SEARCH, {
    variables: { search: term, limit: PICKER_LIMIT },
    skip: !term,
    fetchPolicy: 'cache-first',
  });
  const shown = term ? (data ?? previousData) : undefined;
  const options = useMemo<Option[]>(() => {
    const items = (shown?.clients.items ?? []).filter((c) => !excludeIds?.includes(c.id));
    const opts: Option[] = items.map((client) => ({ kind: 'client', client }));
    if (canCreate && text.trim()) opts.push({ kind: 'create', name: text.trim() });
    return opts;
  }, [shown, excludeIds, canCreate, text]);

  useEffect(() => {
    setActive((a) => (a >= options.length ? -1 : a));
  }, [options.length]);

  const choose = (opt: Option | undefined) => {
    if (!opt) return;
    if (opt.kind === 'create') {
      setCreating(opt.name);
      setOpen(false);
      return;
    }
    onChange(opt.client);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => (options.length ? (a + 1) % options.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((a) => (options.length ? (a <= 0 ? options.length - 1 : a - 1) : -1));
    } else if (e.key === 'Home' && open) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && open) {
      e.preventDefault();
      setActive(Math.max(0, options.length - 1));
    } else if (e.key === 'Enter') {
      // Never submit the surrounding form from the search box; pick only what enterChoice allows.
      e.preventDefault();
      if (open) choose(enterChoice(options, text, active) ?? undefined);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      } else if (text) {
        e.preventDefault();
        e.stopPropagation();
        setText('');
      }
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  if (value) {
    return (
      <div className="client-picker">
        {!hideLabel && (
          <span className="label picker-label" id={`${id}-label`}>
            {label}
          </span>
        )}
        <div className="picker-selected" data-testid="client-picker-selected" aria-labelledby={hideLabel ? undefined : `${id}-label`}>
          <span className="picker-option-main">
            <span className="picker-name">{value.fullName}</span>
            <AlertIcon alerts={value.alerts ?? []} />
          </span>
          <span className="picker-sub">{[formatPhone(value.phone), value.email].filter(Boolean).join(' · ')}</span>
          {!disabled && (
            <button
              type="button"
              className="btn btn-ghost btn-sm picker-change"
              onClick={() => {
                onChange(null);
                setTimeout(() => inputRef.current?.focus(), 0);
              }}
              aria-label={`Change ${label.toLowerCase()} (now ${value.fullName})`}
            >
              Change
            </button>
          )}
        </div>
      </div>
    );
  }

  const expanded = open && !!term && !creating;
  const activeId = expanded && options[active] ? `${id}-opt-${active}` : undefined;
  const clientCount = options.filter((o) => o.kind === 'client').length;

  return (
    <div className="client-picker">
      <label htmlFor={`${id}-input`} className={hideLabel ? 'visually-hidden' : 'label picker-label'}>
        {label}
      </label>
      <div className="picker-input-wrap">
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text}
          disabled={disabled}
          autoFocus={autoFocus}
          data-testid="client-picker-input"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            setCreating(null);
          }}
          onFocus={() => text && setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 120)}
          onKeyDown={onKeyDown}
        />
        {loading && term && <span className="picker-spinner spinner" aria-hidden="true" />}
      </div>
      <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="picker-list" hidden={!expanded}>
        {expanded && error && (
          <li className="picker-empty" role="presentation">
            {graphqlErrorMessage(error)}
          </li>
        )}
        {expanded && !error && shown && clientCount === 0 && (
          <li className="picker-empty" role="presentation">
            No client matches “{term}”.
          </li>
        )}
        {expanded &&
          options.map((opt, i) => (
            <li
              key={opt.kind === 'client' ? opt.client.id : 'create'}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={`picker-option${i === active ? ' is-active' : ''}${opt.kind === 'create' ? ' is-create' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(opt)}
              data-testid={opt.kind === 'client' ? `picker-option-${opt.client.id}` : 'picker-create'}
            >
              {opt.kind === 'client' ? (
                <>
                  <span className="picker-option-main">
                    <span className="picker-name">{opt.client.fullName}</span>
                    <AlertIcon alerts={opt.client.alerts ?? []} />
                  </span>
                  <span className="picker-sub">
                    {[formatPhone(opt.client.phone), opt.client.email].filter(Boolean).join(' · ') || 'No contact details'}
                  </span>
                </>
              ) : (
                <span className="picker-option-main">
                  <span aria-hidden="true" className="picker-plus">
                    +
                  </span>{' '}
                  Create “{opt.name}”
                </span>
              )}
            </li>
          ))}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {expanded && shown ? `${clientCount} ${clientCount === 1 ? 'client' : 'clients'} found` : ''}
      </span>
      {creating !== null && (
        <QuickCreateForm
          initial={draftFromTyped(creating)}
          create={createClient}
          title="Create client"
          useExistingLabel="Use this client"
          onCancel={() => {
            setCreating(null);
            inputRef.current?.focus();
          }}
          onUseExisting={(hit) => {
            setCreating(null);
            setText('');
            onChange({
              id: hit.id,
              firstName: hit.fullName ?? '',
              lastName: null,
              fullName: hit.fullName ?? 'Existing client',
              phone: null,
              email: null,
              alerts: [],
            });
          }}
          onCreated={(c) => {
            setCreating(null);
            setText('');
            onChange(toPicked(c));
          }}
        />
      )}
    </div>
  );
}
