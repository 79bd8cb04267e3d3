import { useEffect, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { toast } from '../../shell/Toaster';
import { sameSet } from './catalog';
import { PermissionChecklist } from './PermissionChecklist';
import { SET_DIRECT_PERMISSIONS, type CatalogEntry, type StaffMember } from './permissions-gql';

export function DirectPermissions({
  staff,
  catalog,
  onChanged,
}: {
  staff: StaffMember[];
  catalog: CatalogEntry[];
  onChanged(): Promise<unknown>;
}) {
  const [userId, setUserId] = useState('');
  const member = staff.find((s) => s.id === userId) ?? null;
  const [perms, setPerms] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [save, state] = useMutation(SET_DIRECT_PERMISSIONS);
  useEffect(() => setPerms(member?.directPermissions ?? []), [member?.id, member?.directPermissions]);

  return (
    <section className="card stack-md" aria-labelledby="direct-title" data-testid="direct-permissions">
      <h2 id="direct-title" className="card-title">
        Direct permissions
      </h2>
      <p className="muted small">Grant single permissions to one person, on top of their groups.</p>
      <div className="field">
        <label htmlFor="direct-user">Staff member</label>
        <select id="direct-user" value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">Choose…</option>
          {staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.fullName ? `${s.fullName} (${s.email})` : s.email}
            </option>
          ))}
        </select>
      </div>
      {member && (
        <>
          <p className="small">
            Groups:{' '}
            {member.permissionGroups.length ? (
              member.permissionGroups.map((g) => (
                <span key={g.id} className="chip">
                  {g.name}
                </span>
              ))
            ) : (
              <span className="muted">none</span>
            )}
          </p>
          {error && (
            <div className="alert alert-error" role="alert">
              {error}
            </div>
          )}
          <PermissionChecklist
            idPrefix={`direct-${member.id}`}
            catalog={catalog}
            value={perms}
            onChange={setPerms}
            disabled={state.loading}
          />
          <div className="form-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={state.loading || sameSet(perms, member.directPermissions)}
              onClick={async () => {
                setError(null);
                try {
                  await save({ variables: { userId: member.id, permissions: perms } });
                  await onChanged();
                  toast({ title: 'Direct permissions saved', variant: 'success' });
                } catch (e) {
                  setError(graphqlErrorMessage(e));
                }
              }}
            >
              Save direct permissions
            </button>
          </div>
        </>
      )}
    </section>
  );
}
