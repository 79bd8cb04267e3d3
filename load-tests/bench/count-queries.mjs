// Counts the SQL statements a service process runs, for "statements per request" in a profile.
// Load it into the service under a bench: BOOKING_NODE_ARGS="--import ./load-tests/bench/count-queries.mjs"
// (or BENCH_CHECKOUT_NODE_ARGS). At exit it writes, to COUNT_QUERIES_OUT (default
// /tmp/count-queries.json), every distinct statement with its count and total milliseconds, the
// most frequent first. pg_stat_statements would say the same, but it needs a server restart here.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The service resolves `pg` from its own folder; so does this hook (its working directory).
const pg = createRequire(`${process.cwd()}/`)('pg');
const seen = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = (typeof config === 'string' ? config : (config?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 300);
  const started = performance.now();
  const entry = seen.get(text) ?? { count: 0, ms: 0 };
  entry.count++;
  seen.set(text, entry);
  const result = original.call(this, config, ...rest);
  if (result && typeof result.then === 'function')
    result.then(
      () => (entry.ms += performance.now() - started),
      () => (entry.ms += performance.now() - started),
    );
  return result;
};
const write = () => {
  const rows = [...seen].map(([text, e]) => ({ count: e.count, ms: Math.round(e.ms), text })).sort((a, b) => b.count - a.count);
  writeFileSync(process.env.COUNT_QUERIES_OUT ?? '/tmp/count-queries.json', JSON.stringify(rows, null, 2));
};
process.on('exit', write);
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => (write(), process.exit(0)));
