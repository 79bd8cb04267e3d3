// Benchmark: stock on hand for 5,000 products at a location (issue 12: p95 under 50 ms).
//
// Creates its own database (bench_stock_<rand>), migrates it with the retail service's migrations,
// inserts 5,000 products and, at 3 locations, a ledger of 20 movements per product (300,000
// movements) with the balances they leave, VACUUM ANALYZE, then times through the service's own
// code: (a) the /products list at a location (GET /api/products?locationId=&limit=5000: every
// product with its on-hand at each location) and (b) the on-hand map of a location (what a stock
// count is checked against). Prints p50/p95/p99 and drops the database.
//
// Needs the retail service built (`npx turbo run build --filter=@salon/retail...`). `npm run bench`:
//   const stock = await import('../../load-tests/bench/stock-on-hand.bench.mjs');
//   const result = await stock.run({ adminUrl });   // → { products, movements, list: {p50,p95,p99}, levelsAt: {...} }
// Standalone: node load-tests/bench/stock-on-hand.bench.mjs [--products 5000] [--iterations 200]
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { round, stats } from './latency-stats.mjs';

const RETAIL_DIR = fileURLToPath(new URL('../../services/retail/', import.meta.url));
const dist = (path) => import(pathToFileURL(`${RETAIL_DIR}dist/${path}`).href);

const LOCATIONS = ['10c00000-0000-4000-8000-000000000001', '10c00000-0000-4000-8000-000000000002', '10c00000-0000-4000-8000-000000000003'];

export async function run({
  adminUrl = process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  products = 5000,
  movementsPerProduct = 20,
  iterations = 200,
  log = console.log,
} = {}) {
  const nestKit = await import('@salon/nest-kit');
  const { ENTITIES, MIGRATIONS } = await dist('database/schema.js');
  const { ProductRepository } = await dist('modules/products/persistence/product.repository.js');
  const { StockRepository } = await dist('modules/products/persistence/stock.repository.js');
  const { ProductsUseCase } = await dist('modules/products/use-cases/products.use-case.js');

  const database = `bench_stock_${randomBytes(4).toString('hex')}`;
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
    await db.query(
      `INSERT INTO products (name, brand, category, sku, barcode, cost_minor, price_minor, low_stock_threshold)
       SELECT 'Product ' || i, (ARRAY['Lumen','Oak & Salt','Velvet Row','North Bloom'])[1 + i % 4], (ARRAY['Hair care','Styling','Nails','Skin care'])[1 + i % 4],
              'SKU-' || i, lpad(i::text, 13, '0'), 500 + i % 2000, 1200 + i % 4000, CASE WHEN i % 3 = 0 THEN 5 END
         FROM generate_series(1, $1) AS i`,
      [products],
    );
    // The ledger: per product and location, one delivery then sales and adjustments; the balance is their sum.
    await db.query(
      `INSERT INTO stock_movements (product_id, location_id, kind, quantity, on_hand_after, created_at)
       SELECT p.id, l, CASE WHEN k = 1 THEN 'received' ELSE 'sold' END, CASE WHEN k = 1 THEN 100 ELSE -1 END, 101 - k, now() - (30 - k) * interval '1 day'
         FROM products p, unnest($1::uuid[]) AS l, generate_series(1, $2) AS k`,
      [LOCATIONS, movementsPerProduct],
    );
    await db.query(
      `INSERT INTO stock_balances (product_id, location_id, on_hand)
       SELECT product_id, location_id, sum(quantity) FROM stock_movements GROUP BY product_id, location_id`,
    );
    await db.query('VACUUM ANALYZE');
    const movements = Number((await db.query('SELECT count(*) FROM stock_movements')).rows[0].count);
    log(
      `  ${products.toLocaleString('en-US')} products, ${movements.toLocaleString('en-US')} movements at ${LOCATIONS.length} locations in ${round((Date.now() - t0) / 1000)} s`,
    );

    dataSource = new DataSource({ type: 'postgres', url: databaseUrl, entities: ENTITIES, extra: { max: 4 } });
    await dataSource.initialize();
    const productRepository = new ProductRepository(dataSource);
    const stock = new StockRepository(dataSource);
    const useCase = new ProductsUseCase(dataSource, productRepository, stock);

    const time = async (fn) => {
      for (let i = 0; i < 10; i++) await fn(i); // warm-up
      const out = [];
      for (let i = 0; i < iterations; i++) {
        const start = process.hrtime.bigint();
        await fn(i);
        out.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      return stats(out);
    };
    let listed = 0;
    const list = await time(async (i) => {
      listed = (await useCase.list({ locationId: LOCATIONS[i % LOCATIONS.length], limit: '5000' })).length;
    });
    const levelsAt = await time((i) => stock.levelsAt(LOCATIONS[i % LOCATIONS.length]));
    const lowOnly = await time((i) => useCase.list({ locationId: LOCATIONS[i % LOCATIONS.length], lowOnly: 'true', limit: '5000' }));
    const result = { products, movements, listed, list, levelsAt, lowOnly, goalP95Ms: 50 };
    log(`  /products list at a location (${listed} products with stock): p50 ${list.p50} ms  p95 ${list.p95} ms  p99 ${list.p99} ms`);
    log(`  on-hand map of a location:                     p50 ${levelsAt.p50} ms  p95 ${levelsAt.p95} ms  p99 ${levelsAt.p99} ms`);
    log(`  low-stock list at a location:                  p50 ${lowOnly.p50} ms  p95 ${lowOnly.p95} ms  p99 ${lowOnly.p99} ms`);
    return result;
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
  const { values } = parseArgs({ options: { products: { type: 'string' }, iterations: { type: 'string' } } });
  const result = await run({ products: Number(values.products ?? 5000), iterations: Number(values.iterations ?? 200) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
