import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { graphqlErrorMessage } from '../../lib/apollo';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { DirectPermissions } from './DirectPermissions';
import { GroupEditor } from './GroupEditor';
import { CREATE_GROUP, PERMISSIONS_PAGE } from './permissions-gql';

export function PermissionsPage() {
  const { data, loading, error, refetch } = useQuery(PERMISSIONS_PAGE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<string | null>(null);
  const [create, createState] = useMutation(CREATE_GROUP);

  if (loading && !data) return <Spinner fullScreen={false} />;
  if (error && !data)
    return (
      <div className="alert alert-error" role="alert">
        {graphqlErrorMessage(error)}
      </div>
    );
  const groups = data?.permissionGroups ?? [];
  const selected = groups.find((g) => g.id === selectedId) ?? groups[0] ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setCreateError(null);
    try {
      const res = await create({ variables: { input: { name: newName.trim(), permissions: [] } } });
      await refetch();
      setNewName('');
      if (res.data) setSelectedId(res.data.createPermissionGroup.id);
      toast({ title: 'Group created', variant: 'success' });
    } catch (err) {
      setCreateError(graphqlErrorMessage(err));
    }
  };

  return (
    <section className="page" data-testid="permissions-page">
      <header className="page-header">
        <div>
          <h1>Permissions</h1>
          <p className="muted">Decide what each group of staff can see and do. Admins can always do everything.</p>
        </div>
      </header>
      <div className="split">
        <aside className="card split-side" aria-labelledby="groups-title">
          <h2 id="groups-title" className="card-title">
            Groups
          </h2>
          <ul className="group-list" role="list">
            {groups.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  className={`group-item${selected?.id === g.id ? ' is-selected' : ''}`}
                  aria-current={selected?.id === g.id ? 'true' : undefined}
                  onClick={() => setSelectedId(g.id)}
                >
                  <span>{g.name}</span>
                  <span className="muted small">
                    {g.memberCount} {g.memberCount === 1 ? 'member' : 'members'} · {g.permissions.length} permissions
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <form className="form" onSubmit={submit} aria-label="New group">
            <div className="field">
              <label htmlFor="new-group">New group</label>
              <input
                id="new-group"
                value={newName}
                onChange={(e) => setNewName(e.target.value)}
                placeholder="e.g. Front Desk"
                maxLength={80}
              />
            </div>
            {createError && (
              <p className="field-error" role="alert">
                {createError}
              </p>
            )}
            <button type="submit" className="btn btn-secondary btn-block" disabled={!newName.trim() || createState.loading}>
              Create group
            </button>
          </form>
        </aside>
        <div className="card split-main">
          {selected ? (
            <>
              <h2 className="card-title">{selected.name}</h2>
              <GroupEditor
                group={selected}
                catalog={data?.permissionCatalog ?? []}
                staff={data?.users ?? []}
                onChanged={() => refetch()}
                onDeleted={() => setSelectedId(null)}
              />
            </>
          ) : (
            <div className="empty-state">
              <h2>No groups yet</h2>
              <p className="muted">Create a group such as “Front Desk” or “Basic Staff” to start granting permissions.</p>
            </div>
          )}
        </div>
      </div>
      <DirectPermissions staff={data?.users ?? []} catalog={data?.permissionCatalog ?? []} onChanged={() => refetch()} />
    </section>
  );
}
