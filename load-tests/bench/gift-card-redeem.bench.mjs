// Benchmark: gift card lookup and concurrent redemption (issue 12: lookup and redemption p95).
//
// Creates its own database (bench_gift_<rand>), migrates it with the retail service's migrations,
// issues 10,000 cards (each with its `issued` entry), VACUUM ANALYZE, then times through the
// service's own repository code: (a) a lookup by code (what GET /api/gift-cards/{code} reads) and
// (b) redemptions by `callers` desks at once, each a transaction of the conditional UPDATE of the
// balance and its ledger entry (what a gift card tender writes), all of them on a few `hot` cards
// so desks queue on the same rows, as two desks taking the last balance do. At the end every card's
// balance must equal the sum of its ledger and none may be below zero. Prints p50/p95/p99, the
// redemptions per second, the refusals (a card emptied by another desk) and drops the database.
//
// Needs the retail service built (`npx turbo run build --filter=@salon/retail...`). `npm run bench`:
//   const gift = await import('../../load-tests/bench/gift-card-redeem.bench.mjs');
//   const result = await gift.run({ adminUrl });   // → { cards, lookup: {p50,p95,p99}, redeem: {...}, perSecond, refused }
// Standalone: node load-tests/bench/gift-card-redeem.bench.mjs [--callers 16] [--redemptions 2000] [--hot 8]
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { round, stats } from './latency-stats.mjs';

const RETAIL_DIR = fileURLToPath(new URL('../../services/retail/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${RETAIL_DIR}dist/${path}`).href);
const LOCATION = '10c00000-0000-4000-8000-000000000001';

export async function run({
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  cards = 10_000,
  callers = 16,
  redemptions = 2000,
  hot = 8,
  lookups = 500,
  log = console.log,
} = {}) {
  const nestKit = await import('@salon/nest-kit');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');
  const { GiftCardRepository } = await dist('modules/gift-cards/persistence/gift-card.repository.js');
  const { generateCode, normalizeCode } = await dist('modules/gift-cards/domain/gift-cards.rules.js');

  const database = `bench_gift_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  await nestKit.ensureDatabase(databaseUrl);
  const db = new pg.Client({ connectionString: databaseUrl });
  let dataSource;
  try {
    await nestKit.runMigrations(databaseUrl, { entities: ENTITIES, migrations: MIGRATIONS });
    await db.connect();
    const t0 = Date.now();
    const codes = Array.from({ length: cards }, () => normalizeCode(generateCode((n) => randomBytes(n))));
    // Each hot card holds one $1 redemption fewer than is asked of it (the last desk on each is refused); the rest hold $100.
    await db.query(
      `INSERT INTO gift_cards (code, kind, initial_minor, balance_minor, location_id, issued_at)
       SELECT c, 'certificate', CASE WHEN i <= $2 THEN $3::int ELSE 10000 END, CASE WHEN i <= $2 THEN $3::int ELSE 10000 END, $4, now()
         FROM unnest($1::text[]) WITH ORDINALITY AS u(c, i)`,
      [codes, hot, Math.ceil((redemptions * 100) / hot) - 100, LOCATION],
    );
    await db.query(
      `INSERT INTO gift_card_entries (gift_card_id, kind, amount_minor, balance_after_minor, created_at)
       SELECT id, 'issued', initial_minor, initial_minor, issued_at FROM gift_cards`,
    );
    await db.query('VACUUM ANALYZE');
    log(`  ${cards.toLocaleString('en-US')} gift cards issued in ${round((Date.now() - t0) / 1000)} s`);

    dataSource = new DataSource({ type: 'postgres', url: databaseUrl, entities: ENTITIES, extra: { max: callers } });
    await dataSource.initialize();
    const repo = new GiftCardRepository(dataSource);

    const lookupMs = [];
    for (let i = 0; i < lookups + 20; i++) {
      const start = process.hrtime.bigint();
      await repo.byCode(codes[(i * 7919) % cards]);
      if (i >= 20) lookupMs.push(Number(process.hrtime.bigint() - start) / 1e6);
    }

    const hotCards = (await db.query(`SELECT id FROM gift_cards ORDER BY initial_minor DESC, id LIMIT $1`, [hot])).rows.map((r) => r.id);
    const redeemMs = [];
    let refused = 0;
    let next = 0;
    const redeemOne = async (i) => {
      const cardId = hotCards[i % hot];
      const start = process.hrtime.bigint();
      await dataSource.transaction(async (m) => {
        const after = await repo.moveBalance(m, cardId, -100, new Date());
        if (after === null) {
          refused++;
          return;
        }
        await repo.insertEntry(m, {
          giftCardId: cardId,
          kind: 'redeemed',
          amountMinor: -100,
          balanceAfterMinor: after,
          ticketId: null,
          paymentId: null,
          reason: null,
          createdBy: null,
          createdAt: new Date(),
        });
      });
      redeemMs.push(Number(process.hrtime.bigint() - start) / 1e6);
    };
    const wall = Date.now();
    await Promise.all(
      Array.from({ length: callers }, async () => {
        for (let i = next++; i < redemptions; i = next++) await redeemOne(i);
      }),
    );
    const seconds = (Date.now() - wall) / 1000;
    const broken = Number(
      (
        await db.query(
          `SELECT count(*) FROM (SELECT c.id FROM gift_cards c JOIN gift_card_entries e ON e.gift_card_id = c.id
             GROUP BY c.id HAVING c.balance_minor <> sum(e.amount_minor) OR c.balance_minor < 0) x`,
        )
      ).rows[0].count,
    );
    if (broken) throw new Error(`${broken} gift cards do not reconcile with their ledger`);
    const lookup = stats(lookupMs);
    const redeem = stats(redeemMs);
    const perSecond = round(redemptions / seconds);
    log(`  lookup by code:                                   p50 ${lookup.p50} ms  p95 ${lookup.p95} ms  p99 ${lookup.p99} ms`);
    log(
      `  redemption, ${callers} desks on ${hot} cards at once:       p50 ${redeem.p50} ms  p95 ${redeem.p95} ms  p99 ${redeem.p99} ms  (${perSecond}/s, ${refused} refused, ledgers reconcile)`,
    );
    return { cards, callers, hot, redemptions, lookup, redeem, perSecond, refused };
  } finally {
    await dataSource?.destroy();
    await db.end().catch(() => {});
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { callers: { type: 'string' }, redemptions: { type: 'string' }, hot: { type: 'string' } } });
  const result = await run({
    callers: Number(values.callers ?? 16),
    redemptions: Number(values.redemptions ?? 2000),
    hot: Number(values.hot ?? 8),
  });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
