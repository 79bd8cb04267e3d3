import { useId, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { ClientImport, ImportPreview } from '@salon/contracts';
import { errorText, fieldErrorsOf, importsApi } from '../clients/clients-api';
import { useDebounced } from '../../components/client-picker/use-debounced';
import { TARGET_FIELDS, formatLabel, initialMapping, mappingProblems, shownRow, toServerMapping, totalsLine } from './import-logic';

const PREVIEW_COLUMNS = ['firstName', 'lastName', 'name', 'phone', 'email', 'birthday', 'tags'] as const;

export interface MappingStepProps {
  imp: ClientImport;
  columns: string[];
  onStarted(imp: ClientImport): void;
  onCancel(): void;
  loadPreview?: (id: string, mapping: Record<string, string | null>) => Promise<ImportPreview>;
  start?: (id: string, mapping: Record<string, string | null>, onDuplicate: 'skip' | 'update') => Promise<ClientImport>;
  debounceMs?: number;
}

/** Step 2: map the file's columns to client fields, see the first rows as they will be imported, start. */
export function MappingStep({
  imp,
  columns,
  onStarted,
  onCancel,
  loadPreview = importsApi.preview,
  start = importsApi.start,
  debounceMs = 250,
}: MappingStepProps) {
  const id = useId();
  const [mapping, setMapping] = useState<Record<string, string>>(() => initialMapping(imp.mapping, columns));
  const [onDuplicate, setOnDuplicate] = useState<'skip' | 'update'>('skip');
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [startFieldErrors, setStartFieldErrors] = useState<Record<string, string>>({});
  const serverMapping = useMemo(() => toServerMapping(mapping, imp.mapping), [mapping, imp.mapping]);
  const key = useDebounced(JSON.stringify(serverMapping), debounceMs);
  const problems = mappingProblems(mapping);
  const blocking = !mapping.firstName && !mapping.name;

  const preview = useQuery({
    queryKey: ['/api/client-imports', imp.id, 'preview', key],
    queryFn: () => loadPreview(imp.id, JSON.parse(key) as Record<string, string | null>),
    placeholderData: keepPreviousData,
    enabled: !blocking,
    staleTime: 60_000,
    retry: false,
  });
  const previewErrors = fieldErrorsOf(preview.error);
  const fieldError = (k: string) => {
    const target = TARGET_FIELDS.find((t) => t.key === k);
    for (const a of target?.aliases ?? [k]) {
      const msg = startFieldErrors[`mapping.${a}`] ?? previewErrors[`mapping.${a}`];
      if (msg) return msg;
    }
    return null;
  };
  const rows = (preview.data?.rows ?? []).map((r) => shownRow(r, imp.mapping));
  const shownCols = PREVIEW_COLUMNS.filter((k) => k !== 'name' || mapping.name);
  const samples = useMemo(() => {
    const s: Record<string, string> = {};
    for (const r of preview.data?.rows ?? []) {
      const raw = (r as { raw?: Record<string, string> }).raw;
      if (raw) for (const [col, v] of Object.entries(raw)) if (v && !s[col]) s[col] = v;
    }
    return s;
  }, [preview.data]);

  const begin = async () => {
    setStarting(true);
    setStartError(null);
    setStartFieldErrors({});
    try {
      onStarted(await start(imp.id, serverMapping, onDuplicate));
    } catch (e) {
      setStartError(errorText(e));
      setStartFieldErrors(fieldErrorsOf(e));
      setStarting(false);
    }
  };

  return (
    <div className="stack">
      <section className="card" aria-labelledby={`${id}-map`}>
        <div className="card-head">
          <div>
            <h2 className="card-title" id={`${id}-map`}>
              Match the columns
            </h2>
            <p className="muted small">
              <strong data-testid="import-format">{formatLabel(imp.format)}</strong> · {imp.fileName}
              {imp.totalRows ? ` · ${imp.totalRows.toLocaleString('en-US')} rows` : ''}. We matched the columns we recognised; check them
              and pick the rest.
            </p>
          </div>
        </div>
        <div className="table-card" style={{ border: 0 }}>
          <table className="table mapping-table" aria-label="Column mapping">
            <thead>
              <tr>
                <th scope="col">Client field</th>
                <th scope="col">Column in your file</th>
                <th scope="col">Example</th>
              </tr>
            </thead>
            <tbody>
              {TARGET_FIELDS.map((t) => {
                const err = fieldError(t.key);
                return (
                  <tr key={t.key}>
                    <th
                      scope="row"
                      style={{
                        textTransform: 'none',
                        letterSpacing: 0,
                        fontSize: '0.9rem',
                        color: 'var(--text-primary)',
                        background: 'none',
                        border: 0,
                      }}
                    >
                      <label htmlFor={`${id}-m-${t.key}`}>
                        {t.label}
                        {t.required && (
                          <span className="req" aria-hidden="true">
                            {' '}
                            *
                          </span>
                        )}
                      </label>
                      {t.hint && <div className="hint">{t.hint}</div>}
                    </th>
                    <td>
                      <select
                        id={`${id}-m-${t.key}`}
                        value={mapping[t.key] ?? ''}
                        onChange={(e) => setMapping((m) => ({ ...m, [t.key]: e.target.value }))}
                        aria-invalid={err ? true : undefined}
                        data-testid={`mapping-${t.key}`}
                      >
                        <option value="">— Don’t import —</option>
                        {columns.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </select>
                      {err && <div className="field-error">{err}</div>}
                    </td>
                    <td className="sample">{mapping[t.key] ? (samples[mapping[t.key]] ?? '') : ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {problems.length > 0 && (
          <div className="alert alert-warning" role="status" style={{ marginTop: '0.75rem' }}>
            {problems.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        )}
      </section>

      <section className="card" aria-labelledby={`${id}-prev`} data-testid="import-preview" aria-busy={preview.isFetching}>
        <div className="card-head">
          <h2 className="card-title" id={`${id}-prev`}>
            Preview
          </h2>
          {preview.isFetching && <span className="muted small">Checking every row…</span>}
        </div>
        {blocking ? (
          <p className="muted">Choose the first-name (or full-name) column to see the preview.</p>
        ) : preview.error && !preview.data ? (
          <div className="alert alert-error" role="alert">
            {errorText(preview.error)}
          </div>
        ) : !preview.data ? (
          <p className="muted">Checking every row…</p>
        ) : (
          <>
            <p className="totals" data-testid="import-totals" aria-live="polite">
              {totalsLine(preview.data)
                .split(' · ')
                .map((part, i) => (
                  <span key={part} className={i === 0 ? 'ok' : i === 1 ? 'bad' : 'dup'}>
                    {part}
                  </span>
                ))}
            </p>
            <p className="muted small" style={{ margin: '0.35rem 0 0.75rem' }}>
              First {rows.length} rows as they will be imported. Rows with problems are rejected and listed in a downloadable file after the
              import.
            </p>
            <div className="table-card" style={{ border: '1px solid var(--border)', borderRadius: 'var(--radius)' }}>
              <table className="table preview-table" aria-label="First rows mapped">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    {shownCols.map((k) => (
                      <th key={k} scope="col">
                        {TARGET_FIELDS.find((t) => t.key === k)?.label}
                      </th>
                    ))}
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r, i) => (
                    <tr
                      key={r.rowNumber ?? i}
                      className={r.problems.length ? 'has-problem' : r.duplicate ? 'is-duplicate' : ''}
                      data-testid={`preview-row-${r.rowNumber ?? i + 1}`}
                    >
                      <td className="num">{r.rowNumber ?? i + 1}</td>
                      {shownCols.map((k) => (
                        <td key={k} title={r.values[k]}>
                          {r.values[k]}
                        </td>
                      ))}
                      <td className={r.problems.length ? 'problems' : ''}>
                        {r.problems.length ? (
                          r.problems.join('; ')
                        ) : r.duplicate ? (
                          <span className="badge badge-warning">
                            {r.duplicateId ? (
                              <Link to={`/clients/${r.duplicateId}`} target="_blank">
                                Duplicate of {r.duplicate}
                              </Link>
                            ) : (
                              `Duplicate of ${r.duplicate}`
                            )}
                          </span>
                        ) : (
                          <span className="badge badge-success">Ready</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {(preview.data.rejectedSample?.length ?? 0) > 0 && (
              <details style={{ marginTop: '0.75rem' }}>
                <summary className="small">Rejected rows further down the file</summary>
                <ul className="small">
                  {preview.data.rejectedSample!.map((r) => (
                    <li key={r.row}>
                      Row {r.row}: {r.reason}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </section>

      <section className="card" aria-labelledby={`${id}-dup`}>
        <h2 className="card-title" id={`${id}-dup`}>
          Clients you already have
        </h2>
        <div className="radio-row" role="radiogroup" aria-labelledby={`${id}-dup`}>
          <label className="radio">
            <input
              type="radio"
              name={`${id}-ondup`}
              checked={onDuplicate === 'skip'}
              onChange={() => setOnDuplicate('skip')}
              data-testid="import-on-duplicate-skip"
            />
            <span>
              <strong>Skip them</strong>
              <br />
              <span className="muted small">Existing profiles stay exactly as they are.</span>
            </span>
          </label>
          <label className="radio">
            <input
              type="radio"
              name={`${id}-ondup`}
              checked={onDuplicate === 'update'}
              onChange={() => setOnDuplicate('update')}
              data-testid="import-on-duplicate-update"
            />
            <span>
              <strong>Update them</strong>
              <br />
              <span className="muted small">Fill in and replace details from the file; tags are added.</span>
            </span>
          </label>
        </div>
      </section>

      {startError && (
        <div className="alert alert-error" role="alert">
          {startError}
        </div>
      )}
      <div className="sticky-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Choose another file
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void begin()}
          disabled={starting || blocking || !!preview.error}
          data-testid="import-start"
        >
          {starting
            ? 'Starting…'
            : preview.data
              ? `Import ${Math.max(0, preview.data.totalRows - preview.data.rejectedCount - (onDuplicate === 'skip' ? preview.data.duplicateCount : 0)).toLocaleString('en-US')} clients`
              : 'Start import'}
        </button>
      </div>
    </div>
  );
}
