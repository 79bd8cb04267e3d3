// Benchmark: client import throughput through the real pipeline — CSV upload (the use-case the
// REST route calls: parse, detect the format, store the file in PostgreSQL), start (BullMQ job),
// a real worker process (`node dist/worker.js`) importing in batches, each batch one transaction
// with its multi-row INSERT, rejected rows, outbox events and progress. Timed from start to
// `completed`; the upload and the preview (whole file validated) are timed apart.
//
// The file is a realistic client list: generic header, phones written four ways, ~1 % bad rows
// (bad phone, bad e-mail, impossible birthday, missing first name), ~0.5 % rows repeating an
// earlier row's e-mail, and ~2 % rows matching clients already in the database (skipped).
//
// Creates and drops its own database and Redis prefix; needs the clients service built
// (`npm run build -w @salon/clients`). The lead's `npm run bench` calls `run(...)`:
//   const imports = await import('../../load-tests/bench/clients-import.bench.mjs');
//   const result = await imports.run({ adminUrl: postgresAdminUrl(), rows: 100_000 });   // → { rowsPerSecond, totalSeconds, … }
// Standalone: node load-tests/bench/clients-import.bench.mjs [--rows 100000] [--batch 1000]
// Environment: POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropRedisKeys, startServiceProcess } from '@salon/nest-kit/testing';
import { dropDatabase } from '../../infra/lib/local-services.mjs';

const CLIENTS_DIR = fileURLToPath(new URL('../../services/clients/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${CLIENTS_DIR}dist/${path}`).href);
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

const FIRST = [
  'Ana',
  'Bea',
  'Cara',
  'Dana',
  'Eli',
  'Faye',
  'Gus',
  'Hana',
  'Ivy',
  'Jon',
  'Kim',
  'Lea',
  'Max',
  'Noa',
  'Oli',
  'Pia',
  'Quin',
  'Rae',
  'Sam',
  'Tess',
];
const LAST = [
  'Silva',
  'Chen',
  'Diaz',
  'Evans',
  'Fox',
  'Gray',
  'Hill',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
  'Moore',
  'Nguyen',
  'Ortiz',
  'Patel',
  'Reed',
];
const AREAS = ['312', '773', '872', '630', '847', '708'];
const TAGS = ['VIP', 'Color', 'Blowout', 'New', 'Regular', 'Bridal', ''];
const SOURCES = ['Instagram', 'Google', 'Referral', 'Walk-in', 'Yelp', ''];

/** The CSV, plus the e-mails of the clients to pre-create so part of the file matches existing clients. */
export function generateCsv(rows, seed = 42) {
  let state = seed >>> 0 || 1;
  const rand = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const lines = ['First Name,Last Name,Mobile,Email,Birthday,Tags,Source,SMS Opt-in,Email Opt-in,Address,City,State,Zip'];
  const existing = [];
  let bad = 0;
  let repeats = 0;
  const emailOf = (i) => `${FIRST[i % FIRST.length]}.${LAST[(i * 7) % LAST.length]}.${i}@example.com`.toLowerCase();
  for (let i = 1; i <= rows; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    const local = `${200 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, '0')}`;
    const area = AREAS[i % AREAS.length];
    let phone =
      i % 4 === 0
        ? `(${area}) ${local}`
        : i % 4 === 1
          ? `${area}-${local}`
          : i % 4 === 2
            ? `+1 ${area} ${local.replace('-', ' ')}`
            : `${area}.${local.replace('-', '.')}`;
    let email = emailOf(i);
    let birthday =
      i % 5 === 0
        ? ''
        : i % 2
          ? `${1 + (i % 12)}/${1 + (i % 28)}/${1960 + (i % 45)}`
          : `${1960 + (i % 45)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    let firstName = first;
    const r = rand();
    if (r < 0.0025) {
      phone = '12';
      bad++;
    } else if (r < 0.005) {
      email = `${first}.at.example.com`;
      bad++;
    } else if (r < 0.0075) {
      birthday = '31/31/1990';
      bad++;
    } else if (r < 0.01) {
      firstName = '';
      bad++;
    } else if (r < 0.015 && i > 10) {
      email = emailOf(1 + Math.floor(rand() * (i - 1)));
      repeats++;
    } else if (r < 0.035) existing.push({ first, last, email });
    const tag = TAGS[i % TAGS.length];
    const source = SOURCES[i % SOURCES.length];
    lines.push(
      `${firstName},${last},${phone},${email},${birthday},${tag ? `"${tag};Imported"` : ''},${source},${i % 3 === 0 ? 'yes' : 'no'},${i % 2 === 0 ? 'Y' : 'N'},"${100 + (i % 900)} W Lake St, Apt ${i % 50}",Chicago,IL,606${String(i % 100).padStart(2, '0')}`,
    );
  }
  return { csv: `${lines.join('\n')}\n`, existing, bad, repeats };
}

async function migrations() {
  // The service's list when it is there; otherwise the two migrations an import needs.
  if (existsSync(`${CLIENTS_DIR}dist/database/schema.js`)) {
    const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');
    return { entities: ENTITIES, migrations: MIGRATIONS };
  }
  const { ClientsInitial1763900000000 } = await dist('database/migrations/1763900000000-clients-initial.js');
  const { ClientImports1763900000100 } = await dist('database/migrations/1763900000100-client-imports.js');
  return { entities: [], migrations: [ClientsInitial1763900000000, ClientImports1763900000100] };
}

export async function run({
  rows = 100_000,
  batch = 1000,
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  log = console.log,
} = {}) {
  const { NestFactory } = await import('@nestjs/core');
  const nestKit = await import('@salon/nest-kit');
  const { loadClientsConfig } = await dist('config.js');
  const { ImportsModule } = await dist('modules/imports/imports.module.js');
  const { UploadImportUseCase } = await dist('modules/imports/use-cases/upload-import.use-case.js');
  const { StartImportUseCase } = await dist('modules/imports/use-cases/start-import.use-case.js');
  const { PreviewImportUseCase } = await dist('modules/imports/use-cases/preview-import.use-case.js');

  const tag = randomBytes(4).toString('hex');
  const database = `bench_clients_import_${tag}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    JWT_SECRET: randomBytes(24).toString('hex'),
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `bench:clients-import:${tag}:`,
    IMPORT_BATCH_SIZE: String(batch),
  };
  for (const [k, v] of Object.entries(env)) if (k.startsWith('IMPORT_')) process.env[k] = v;
  const config = loadClientsConfig(env);
  await nestKit.ensureDatabase(config.DATABASE_URL);
  const db = new pg.Client({ connectionString: config.DATABASE_URL });
  let worker;
  let api;
  try {
    await nestKit.runMigrations(config.DATABASE_URL, await migrations());
    await db.connect();

    const generatedAt = performance.now();
    const file = generateCsv(rows);
    const generateMs = performance.now() - generatedAt;
    // Clients the salon already has: some rows of the file match them by e-mail (skipped).
    for (let i = 0; i < file.existing.length; i += 1000) {
      const chunk = file.existing.slice(i, i + 1000);
      await db.query(`INSERT INTO clients (first_name, last_name, email) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`, [
        chunk.map((c) => c.first),
        chunk.map((c) => c.last),
        chunk.map((c) => c.email),
      ]);
    }

    worker = await startServiceProcess({ serviceDir: CLIENTS_DIR, env, readyLine: 'clients-worker-ready' });
    // The API side without HTTP: the use-cases the REST routes call.
    class BenchApiModule {}
    api = await NestFactory.createApplicationContext(
      {
        module: BenchApiModule,
        imports: [
          nestKit.ConfigModule.forRoot(config),
          nestKit.DatabaseModule.forRoot({ entities: [], migrations: [] }),
          nestKit.EventsModule.forRoot({ serviceName: 'clients' }),
          ImportsModule,
        ],
      },
      { logger: false },
    );
    const auth = { userId: '0b000000-0000-4000-8000-000000000001', role: 'admin', tokenId: 'bench', issuedAt: 0, expiresAt: 0 };

    log(
      `› clients import bench: ${rows} rows (${round(file.csv.length / 1024 / 1024, 1)} MB CSV, ${file.bad} bad, ${file.repeats} repeated e-mails, ${file.existing.length} existing clients), batch ${batch}, 1 worker process`,
    );
    const uploadAt = performance.now();
    const uploaded = await api.get(UploadImportUseCase).upload({ content: file.csv, fileName: 'bench.csv' }, auth);
    const uploadMs = performance.now() - uploadAt;
    // What the mapping screen asks for: the whole file validated and checked against existing clients.
    const previewAt = performance.now();
    const preview = await api.get(PreviewImportUseCase).preview(uploaded.id);
    const previewMs = performance.now() - previewAt;

    const startedAt = performance.now();
    await api.get(StartImportUseCase).start(uploaded.id, { onDuplicate: 'skip' });
    let final;
    let firstProgressMs = null;
    for (;;) {
      const {
        rows: [s],
      } = await db.query(
        `SELECT status, processed_rows, created_count, updated_count, skipped_duplicate_count, rejected_count, error FROM client_imports WHERE id = $1`,
        [uploaded.id],
      );
      if (firstProgressMs === null && s.processed_rows > 0) firstProgressMs = performance.now() - startedAt;
      if (s.status === 'completed' || s.status === 'failed') {
        final = s;
        break;
      }
      if (performance.now() - startedAt > 600_000) throw new Error(`import not finished after 10 minutes (${s.processed_rows}/${rows})`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const importMs = performance.now() - startedAt;
    if (final.status !== 'completed') throw new Error(`import failed: ${final.error}`);
    const {
      rows: [counts],
    } = await db.query(
      `SELECT (SELECT count(*)::int FROM clients WHERE import_id = $1) AS clients, (SELECT count(*)::int FROM outbox) AS events`,
      [uploaded.id],
    );
    const result = {
      rows,
      batch,
      csvMegabytes: round(file.csv.length / 1024 / 1024, 2),
      generateSeconds: round(generateMs / 1000, 2),
      uploadSeconds: round(uploadMs / 1000, 2),
      previewSeconds: round(previewMs / 1000, 2),
      previewRejected: preview.rejectedCount,
      previewDuplicates: preview.duplicateCount,
      importSeconds: round(importMs / 1000, 2),
      totalSeconds: round((uploadMs + importMs) / 1000, 2),
      rowsPerSecond: round(rows / (importMs / 1000)),
      firstBatchSeconds: firstProgressMs === null ? null : round(firstProgressMs / 1000, 2),
      created: final.created_count,
      rejected: final.rejected_count,
      skippedDuplicates: final.skipped_duplicate_count,
      updated: final.updated_count,
      clientsInTable: counts.clients,
      outboxEvents: counts.events,
    };
    log(
      `  ${result.rowsPerSecond} rows/s: ${rows} rows imported in ${result.importSeconds} s (upload ${result.uploadSeconds} s, preview ${result.previewSeconds} s, upload + import ${result.totalSeconds} s); created ${result.created}, rejected ${result.rejected}, skipped duplicates ${result.skippedDuplicates}; ${result.outboxEvents} outbox events`,
    );
    return result;
  } finally {
    await api?.close().catch(() => undefined);
    await worker?.stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await dropDatabase(adminUrl, database);
    await dropRedisKeys(env.REDIS_KEY_PREFIX, redisUrl);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, batch: { type: 'string', default: '1000' } } });
  const result = await run({ rows: Number(values.rows), batch: Number(values.batch) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
