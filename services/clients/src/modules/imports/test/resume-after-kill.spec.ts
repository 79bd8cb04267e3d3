import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@salon/nest-kit';
import { detectFormat } from '../domain/import-formats.js';
import { planRows } from '../domain/import-plan.js';
import { indexMapping } from '../domain/import-row.js';
import { startImports, waitFor, type ImportsTestApp } from './imports-app.js';
import { sampleCsv } from './sample-csv.js';
import { ensureWorkerBuilt, startWorkerProcess, type WorkerProcess } from './worker-process.js';

const ROWS = 20_000;
const sample = sampleCsv(ROWS, 7);

let t: ImportsTestApp;
let first: WorkerProcess;
let second: WorkerProcess | undefined;
let workerEnv: Record<string, string>;
let importId: string;
let processedAtKill = 0;

type ImportRow = {
  status: string;
  processed_rows: number;
  total_rows: number;
  created_count: number;
  rejected_count: number;
  skipped_duplicate_count: number;
  updated_count: number;
};
const state = async () =>
  (
    await t.sql<ImportRow>(
      'SELECT status, processed_rows, total_rows, created_count, rejected_count, skipped_duplicate_count, updated_count FROM client_imports WHERE id = $1',
      [importId],
    )
  )[0];

beforeAll(async () => {
  ensureWorkerBuilt();
  // Short job lock so the second worker takes the stalled job over quickly.
  t = await startImports('imports_resume', { IMPORT_BATCH_SIZE: '500', IMPORT_LOCK_MS: '1500' }, { worker: false });
  workerEnv = { ...t.env };
  first = await startWorkerProcess(workerEnv);
  const token = await t.token('importer');
  const uploaded = await request(t.app.getHttpServer())
    .post('/api/client-imports?fileName=big.csv')
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', 'text/csv')
    .send(sample.csv);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  importId = uploaded.body.id;
  const started = await request(t.app.getHttpServer())
    .post(`/api/client-imports/${importId}/start`)
    .set('Authorization', `Bearer ${token}`)
    .send({ onDuplicate: 'skip' });
  expect(started.body.status).toBe('running');
  // kill -9 as soon as some batches have committed and the rest have not.
  processedAtKill = await waitFor(
    async () => {
      const s = await state();
      return s.processed_rows > 0 ? s.processed_rows : null;
    },
    'the first batches to commit',
    30_000,
  );
  first.child.kill('SIGKILL');
  await first.exited;
}, 60_000);

afterAll(async () => {
  await second?.stop();
  if (first && first.child.exitCode === null && first.child.signalCode === null) await first.stop();
  await t?.close();
});

describe('kill -9 the worker in the middle of an import', () => {
  it('a new worker resumes from the last committed batch and imports every row exactly once', async () => {
    const atKill = await state();
    expect(atKill.status).toBe('running');
    expect(atKill.processed_rows).toBeGreaterThan(0);
    expect(atKill.processed_rows).toBeLessThan(ROWS);
    expect(atKill.processed_rows % 500).toBe(0); // a committed high-water mark is a batch boundary
    expect(processedAtKill).toBeGreaterThan(0);

    second = await startWorkerProcess(workerEnv);
    const done = await waitFor(
      async () => {
        const s = await state();
        return s.status === 'completed' || s.status === 'failed' ? s : null;
      },
      'the import to complete',
      40_000,
    );

    // What the file should give, from the same pure rules.
    const parsed = parseCsv(sample.csv);
    const outcomes = planRows(parsed.records, indexMapping(detectFormat(parsed.columns).mapping, parsed.columns));
    const accepted = outcomes.filter((o) => o.kind === 'client').length;
    const rejected = outcomes.length - accepted;
    expect(done).toMatchObject({
      status: 'completed',
      processed_rows: ROWS,
      total_rows: ROWS,
      created_count: accepted,
      rejected_count: rejected,
      skipped_duplicate_count: 0,
      updated_count: 0,
    });

    const [counts] = await t.sql(
      `SELECT count(*)::int AS clients, count(DISTINCT import_row)::int AS rows, count(DISTINCT phone_digits)::int AS phones, min(import_row) AS lo, max(import_row) AS hi
         FROM clients WHERE import_id = $1`,
      [importId],
    );
    expect(counts.clients).toBe(accepted);
    expect(counts.rows).toBe(accepted);
    expect(counts.phones).toBe(accepted);
    const [rejections] = await t.sql(`SELECT count(*)::int AS n FROM client_import_rejections WHERE import_id = $1`, [importId]);
    expect(rejections.n).toBe(rejected);
    // The rows the file expects, each exactly once: accepted row numbers = imported row numbers.
    const imported = new Set(
      (await t.sql<{ import_row: number }>(`SELECT import_row FROM clients WHERE import_id = $1`, [importId])).map((r) => r.import_row),
    );
    expect(outcomes.filter((o) => o.kind === 'client' && !imported.has(o.row))).toEqual([]);
    // And one created event per client: the killed batch's events rolled back with it.
    const [events] = await t.sql(
      `SELECT count(*)::int AS n, count(DISTINCT aggregate_id)::int AS ids FROM outbox WHERE type = 'clients.client.created.v1'`,
    );
    expect(events).toEqual({ n: accepted, ids: accepted });
  }, 60_000);
});
