import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { Spinner } from '../../shell/Spinner';
import { toast } from '../../shell/Toaster';
import type { ClientImport } from '@salon/contracts';
import { clientKeys, downloadFile, errorText, importsApi } from '../clients/clients-api';
import { useClientsData } from '../clients/clients-data';
import { MappingStep } from './MappingStep';
import { fileProblem, formatBytes, isFinished, progressPercent, resumable, stepFor, type Step } from './import-logic';
import '../../styles/clients.css';

const POLL_MS = 1000;
const STEPS: { key: Step; label: string }[] = [
  { key: 'upload', label: 'Upload' },
  { key: 'map', label: 'Match & check' },
  { key: 'progress', label: 'Import' },
];

/** /clients-import: upload → map with preview → run as a background job; survives a reload (?import=<id>). */
export function ClientsImportPage() {
  const [params, setParams] = useSearchParams();
  const importId = params.get('import');
  const [current, setCurrent] = useState<ClientImport | null>(null);
  const [resolving, setResolving] = useState(true);
  const [resumeError, setResumeError] = useState<string | null>(null);

  const show = (imp: ClientImport | null) => {
    setCurrent(imp);
    const next = new URLSearchParams(params);
    if (imp) next.set('import', imp.id);
    else next.delete('import');
    setParams(next, { replace: true });
  };

  // On load: the import named in the URL, else the newest running or validated one.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const imp = importId ? await importsApi.get(importId) : resumable(await importsApi.list());
        if (cancelled) return;
        if (imp) show(imp);
      } catch (e) {
        if (!cancelled) setResumeError(errorText(e));
      } finally {
        if (!cancelled) setResolving(false);
      }
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const step = stepFor(current);
  const stepIndex = STEPS.findIndex((s) => s.key === step);

  return (
    <section className="page" data-testid="import-page">
      <header className="page-header">
        <div>
          <nav className="breadcrumb" aria-label="Breadcrumb">
            <Link to="/clients">Clients</Link> / Import
          </nav>
          <h1>Import clients</h1>
          <p className="muted">From a CSV file or an export of Vagaro, Fresha or Mindbody. Nothing is saved until you start the import.</p>
        </div>
      </header>
      <ol className="steps" aria-label="Import steps">
        {STEPS.map((s, i) => (
          <li key={s.key} aria-current={i === stepIndex ? 'step' : undefined} className={i < stepIndex ? 'is-done' : ''}>
            <span className="step-dot" aria-hidden="true">
              {i < stepIndex ? '✓' : i + 1}
            </span>
            {s.label}
          </li>
        ))}
      </ol>
      {resumeError && (
        <div className="alert alert-error" role="alert">
          {resumeError}
        </div>
      )}
      {resolving ? (
        <Spinner fullScreen={false} />
      ) : step === 'upload' ? (
        <UploadStep onUploaded={show} />
      ) : step === 'map' && current ? (
        <MappingStep imp={current} columns={current.columns ?? []} onStarted={show} onCancel={() => show(null)} />
      ) : current ? (
        <ProgressStep initial={current} onNew={() => show(null)} />
      ) : null}
    </section>
  );
}

function UploadStep({ onUploaded }: { onUploaded(imp: ClientImport): void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const take = async (f: File | undefined | null) => {
    if (!f) return;
    setFile(f);
    const p = fileProblem(f);
    setProblem(p);
    if (p) return;
    setBusy(true);
    try {
      const imp = await importsApi.upload(f, f.name);
      onUploaded(imp);
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files?.[0]);
  };

  return (
    <section className="card stack-md" aria-labelledby={`${id}-t`}>
      <h2 className="card-title" id={`${id}-t`}>
        Choose your file
      </h2>
      <div
        className={`dropzone${over ? ' is-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <svg className="dropzone-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
          />
        </svg>
        <p>
          <strong>Drag a CSV file here</strong> or
        </p>
        <label className="btn btn-primary file-btn" htmlFor={`${id}-file`}>
          {busy ? 'Uploading…' : 'Choose file'}
        </label>
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,.txt"
          className="visually-hidden"
          disabled={busy}
          onChange={(e) => void take(e.target.files?.[0])}
          data-testid="import-file-input"
        />
        <p className="muted small">CSV up to 50 MB. Exports of Vagaro, Fresha and Mindbody are recognised by their column names.</p>
      </div>
      {file && (
        <div className="file-summary" aria-live="polite">
          <strong>{file.name}</strong>
          <span className="muted small">{formatBytes(file.size)}</span>
          {busy && <span className="muted small">Uploading and reading the columns…</span>}
        </div>
      )}
      {problem && (
        <div className="alert alert-error" role="alert">
          {problem}
        </div>
      )}
      <details className="small">
        <summary>How to export from your old system</summary>
        <ul>
          <li>
            <strong>Vagaro:</strong> Reports → Customers → Customer List → Export to CSV.
          </li>
          <li>
            <strong>Fresha:</strong> Clients → Client list → Options → Export → CSV.
          </li>
          <li>
            <strong>Mindbody:</strong> Reports → Clients → Client Export → CSV.
          </li>
          <li>
            <strong>Anything else:</strong> a CSV with a header row; you match the columns in the next step.
          </li>
        </ul>
      </details>
    </section>
  );
}

function ProgressStep({ initial, onNew }: { initial: ClientImport; onNew(): void }) {
  const id = useId();
  const clients = useClientsData();
  const q = useQuery({
    queryKey: clientKeys.importOne(initial.id),
    queryFn: () => importsApi.get(initial.id),
    initialData: initial,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.status) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
  const imp = q.data ?? initial;
  const pct = progressPercent(imp);
  const done = imp.status === 'completed';
  const failed = imp.status === 'failed' || imp.status === 'cancelled';
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (done) {
      // The lists (GraphQL, Apollo's cache) read the imported clients when next shown.
      clients.listsChanged();
    }
  }, [done, clients]);

  const downloadRejected = async () => {
    setDownloading(true);
    try {
      await downloadFile(importsApi.rejectedPath(imp.id), `rejected-rows-${imp.fileName.replace(/\.csv$/i, '')}.csv`);
    } catch (e) {
      toast({ title: 'Download failed', description: errorText(e), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  const n = (v: number) => v.toLocaleString('en-US');
  return (
    <section className="card stack-md" aria-labelledby={`${id}-t`}>
      <div className="card-head">
        <div>
          <h2 className="card-title" id={`${id}-t`}>
            {done ? 'Import finished' : failed ? 'Import stopped' : 'Importing…'}
          </h2>
          <p className="muted small">
            {imp.fileName}
            {imp.startedAt ? ` · started ${formatDateTime(imp.startedAt)}` : ''}
            {imp.finishedAt ? ` · finished ${formatDateTime(imp.finishedAt)}` : ''}
          </p>
        </div>
      </div>
      <div
        className={`progress${done ? ' is-done' : failed ? ' is-failed' : ''}`}
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}% · ${n(imp.processedRows)} of ${n(imp.totalRows)} rows`}
        data-testid="import-progress"
      >
        <div className="progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <p className="small muted num" aria-live="polite">
        {pct}% · {n(imp.processedRows)} of {n(imp.totalRows)} rows
        {!done && !failed ? ' — you can leave this page; the import keeps running.' : ''}
      </p>
      <div className="count-grid" data-testid="import-counts">
        <div className="count">
          <span className="count-value">{n(imp.createdCount)}</span>
          <span className="count-label">Created</span>
        </div>
        <div className="count">
          <span className="count-value">{n(imp.updatedCount)}</span>
          <span className="count-label">Updated</span>
        </div>
        <div className="count">
          <span className="count-value">{n(imp.skippedDuplicateCount)}</span>
          <span className="count-label">Skipped duplicates</span>
        </div>
        <div className="count">
          <span className="count-value" style={{ color: imp.rejectedCount ? 'var(--danger)' : undefined }}>
            {n(imp.rejectedCount)}
          </span>
          <span className="count-label">Rejected</span>
        </div>
      </div>
      {imp.error && (
        <div className="alert alert-error" role="alert">
          {imp.error}
        </div>
      )}
      {q.error && (
        <div className="alert alert-error" role="alert">
          Lost touch with the import: {errorText(q.error)}. Retrying…
        </div>
      )}
      <div className="row gap wrap">
        {imp.rejectedCount > 0 && (
          <a
            href={importsApi.rejectedPath(imp.id)}
            className="btn btn-secondary"
            onClick={(e) => {
              e.preventDefault();
              void downloadRejected();
            }}
            aria-disabled={downloading}
            data-testid="import-rejected-link"
          >
            {downloading ? 'Downloading…' : `Download rejected rows (${n(imp.rejectedCount)})`}
          </a>
        )}
        {done && (
          <div className="alert alert-success" data-testid="import-done" role="status">
            Done: {n(imp.createdCount)} created, {n(imp.updatedCount)} updated. <Link to="/clients">Go to the client list</Link>
          </div>
        )}
        {(done || failed) && (
          <button type="button" className="btn btn-ghost" onClick={onNew}>
            Import another file
          </button>
        )}
      </div>
    </section>
  );
}
