import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PERMISSIONS } from '@salon/contracts/permissions';
import { usePermissions } from '../../session/use-permissions';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import { errorText, type TemplateInput } from '../clients/clients-api';
import { useClientsData, useNoteTemplates } from '../clients/clients-data';
import { TemplateBuilder } from './TemplateBuilder';
import { fieldCount } from './template-builder';
import '../../styles/clients.css';

/** /note-templates: the templates structured notes are filled from; the builder for manage_note_templates. */
export function NoteTemplatesPage() {
  const { can } = usePermissions();
  const canManage = can(PERMISSIONS.MANAGE_NOTE_TEMPLATES);
  const data = useClientsData();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('template');
  const [creating, setCreating] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const q = useNoteTemplates();
  const all = q.data ?? [];
  const list = all
    .filter((t) => showArchived || !t.archived)
    .sort((a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name));
  const selected = creating ? null : (all.find((t) => t.id === selectedId) ?? null);

  const select = (id: string | null) => {
    setCreating(false);
    const next = new URLSearchParams(params);
    if (id) next.set('template', id);
    else next.delete('template');
    setParams(next, { replace: true });
  };

  const save = async (input: TemplateInput, id: string | null, version?: number) => {
    const saved = id ? await data.updateTemplate(id, input, version) : await data.createTemplate(input);
    toast({ title: id ? 'Template saved' : 'Template created', variant: 'success' });
    return saved;
  };

  const archive = async (id: string) => {
    try {
      const t = all.find((x) => x.id === id);
      // The service archives a template notes use and deletes an unused one, and says which.
      if (await data.removeTemplate(id)) {
        toast({
          title: `${t?.name ?? 'Template'} archived`,
          description: 'It is no longer offered for new notes; notes written with it keep it.',
          variant: 'success',
        });
      } else {
        select(null);
        toast({ title: `${t?.name ?? 'Template'} deleted`, description: 'No note used it, so it was removed.', variant: 'success' });
      }
    } catch (e) {
      toast({ title: 'Could not archive', description: errorText(e), variant: 'destructive' });
    }
  };

  const editorOpen = creating || !!selected;

  return (
    <section className="page" data-testid="note-templates-page">
      <header className="page-header">
        <div>
          <h1>Note templates</h1>
          <p className="muted">
            Structured notes such as SOAP notes or colour formulas: build the form once, fill it on any client’s profile.
          </p>
        </div>
        {canManage && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setCreating(true);
            }}
            data-testid="new-template"
          >
            New template
          </button>
        )}
      </header>
      {!canManage && (
        <div className="alert alert-warning" role="status">
          You can read templates; changing them needs the “manage note templates” permission.
        </div>
      )}
      {q.isPending ? (
        <Spinner fullScreen={false} />
      ) : q.error ? (
        <div className="alert alert-error" role="alert">
          {errorText(q.error)}
        </div>
      ) : (
        <div className="templates-layout">
          <nav className="card" aria-label="Templates" style={{ padding: '0.6rem' }}>
            {list.length === 0 ? (
              <p className="muted small" style={{ padding: '0.5rem' }}>
                No templates yet.{canManage ? ' Create one, or start from SOAP or colour formula.' : ''}
              </p>
            ) : (
              <ul className="template-list">
                {list.map((t) => (
                  <li key={t.id}>
                    <button
                      type="button"
                      className="template-item"
                      aria-current={selected?.id === t.id ? 'true' : undefined}
                      onClick={() => select(t.id)}
                      data-testid={`template-${t.id}`}
                    >
                      <span className="row">
                        <strong>{t.name}</strong>
                        {t.archived && <span className="badge badge-muted">Archived</span>}
                      </span>
                      <span className="muted small">
                        {fieldCount(t)} {fieldCount(t) === 1 ? 'field' : 'fields'} · {t.sections.length}{' '}
                        {t.sections.length === 1 ? 'section' : 'sections'}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {all.some((t) => t.archived) && (
              <label className="checkbox small" style={{ padding: '0.5rem' }}>
                <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} /> Show archived
              </label>
            )}
          </nav>
          <div>
            {editorOpen ? (
              <TemplateBuilder
                key={selected?.id ?? 'new'}
                template={selected}
                canManage={canManage}
                save={save}
                archive={archive}
                onSaved={(t) => select(t.id)}
              />
            ) : (
              <div className="card empty-state">
                <h2>{list.length ? 'Pick a template' : 'No templates yet'}</h2>
                <p className="muted">
                  {canManage ? 'Choose one on the left to edit it, or create a new one.' : 'Choose one on the left to see its fields.'}
                </p>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
