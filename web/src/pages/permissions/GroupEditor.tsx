import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { toast } from '../../shell/Toaster';
import { sameSet } from './catalog';
import { PermissionChecklist } from './PermissionChecklist';
import {
  ADD_MEMBER,
  DELETE_GROUP,
  REMOVE_MEMBER,
  RENAME_GROUP,
  SET_GROUP_PERMISSIONS,
  type CatalogEntry,
  type Group,
  type StaffMember,
} from './permissions-gql';

interface Props {
  group: Group;
  catalog: CatalogEntry[];
  staff: StaffMember[];
  onChanged(): Promise<unknown>;
  onDeleted(): void;
}

export function GroupEditor({ group, catalog, staff, onChanged, onDeleted }: Props) {
  const [name, setName] = useState(group.name);
  const [perms, setPerms] = useState(group.permissions);
  const [addUserId, setAddUserId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    setName(group.name);
    setPerms(group.permissions);
    setConfirmDelete(false);
    setError(null);
  }, [group.id, group.name, group.permissions]);

  const [rename, r1] = useMutation(RENAME_GROUP);
  const [setPermissions, r2] = useMutation(SET_GROUP_PERMISSIONS);
  const [remove, r3] = useMutation(DELETE_GROUP);
  const [addMember, r4] = useMutation(ADD_MEMBER);
  const [removeMember, r5] = useMutation(REMOVE_MEMBER);
  const busy = r1.loading || r2.loading || r3.loading || r4.loading || r5.loading;

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await fn();
      await onChanged();
      toast({ title: done, variant: 'success' });
    } catch (e) {
      setError(graphqlErrorMessage(e));
    }
  };

  const submitName = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() && name.trim() !== group.name)
      void run(() => rename({ variables: { id: group.id, name: name.trim() } }), 'Group renamed');
  };

  const memberIds = new Set(group.members.map((m) => m.id));
  const candidates = staff.filter((s) => !memberIds.has(s.id));

  return (
    <div className="stack" data-testid={`group-editor-${group.id}`}>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <form className="row gap wrap align-end" onSubmit={submitName} aria-label="Rename group">
        <div className="field grow">
          <label htmlFor="group-name">Group name</label>
          <input id="group-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={80} />
        </div>
        <button type="submit" className="btn btn-secondary" disabled={busy || !name.trim() || name.trim() === group.name}>
          Rename
        </button>
        {confirmDelete ? (
          <span className="row gap" role="group" aria-label="Confirm delete">
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void run(() => remove({ variables: { id: group.id } }).then(onDeleted), 'Group deleted')}
            >
              Delete “{group.name}”
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmDelete(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn-ghost danger" onClick={() => setConfirmDelete(true)}>
            Delete group
          </button>
        )}
      </form>

      <section aria-labelledby="group-perms-title">
        <div className="row between">
          <h3 id="group-perms-title" className="subhead">
            Permissions
          </h3>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy || sameSet(perms, group.permissions)}
            onClick={() => void run(() => setPermissions({ variables: { id: group.id, permissions: perms } }), 'Permissions saved')}
          >
            Save permissions
          </button>
        </div>
        <PermissionChecklist idPrefix={`group-${group.id}`} catalog={catalog} value={perms} onChange={setPerms} disabled={busy} />
      </section>

      <section aria-labelledby="group-members-title">
        <h3 id="group-members-title" className="subhead">
          Members ({group.members.length})
        </h3>
        {group.members.length === 0 ? (
          <p className="muted small">No members yet.</p>
        ) : (
          <ul className="member-list">
            {group.members.map((m) => (
              <li key={m.id} className="member">
                <span>
                  <strong>{m.fullName || m.email}</strong> <span className="muted small">{m.email}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy}
                  aria-label={`Remove ${m.fullName || m.email} from ${group.name}`}
                  onClick={() => void run(() => removeMember({ variables: { groupId: group.id, userId: m.id } }), 'Member removed')}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="row gap align-end"
          aria-label="Add member"
          onSubmit={(e) => {
            e.preventDefault();
            if (addUserId)
              void run(
                () => addMember({ variables: { groupId: group.id, userId: addUserId } }).then(() => setAddUserId('')),
                'Member added',
              );
          }}
        >
          <div className="field grow">
            <label htmlFor="add-member">Add a staff member</label>
            <select id="add-member" value={addUserId} onChange={(e) => setAddUserId(e.target.value)}>
              <option value="">Choose…</option>
              {candidates.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.fullName ? `${s.fullName} (${s.email})` : s.email}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-secondary" disabled={busy || !addUserId}>
            Add
          </button>
        </form>
      </section>
    </div>
  );
}
