// The k6 scenarios (load-tests/scenarios) through the local driver, against a platform started on
// this machine: the same requests and thresholds an operator's `k6 run load-tests/k6/<name>.js`
// judges, at this machine's scale. Each scenario's duration is cut to `seconds`; the thresholds
// are k6's lines, so a "fail" here reads as it would there.
import { runScenario } from '../local/run-scenario.mjs';
import { bookingPeak } from '../scenarios/booking-peak.scenario.js';
import { campaignSend } from '../scenarios/campaign-send.scenario.js';
import { staffDay } from '../scenarios/staff-day.scenario.js';
import { stats } from './latency-stats.mjs';

/** Per request name: count and latency figures, from the run's tagged http_req_duration samples. */
function requestTable(metrics) {
  const rows = {};
  for (const [key, sample] of metrics) {
    const m = /^http_req_duration\{name:(.+)\}$/.exec(key);
    if (m) rows[m[1]] = stats(sample.values);
  }
  return rows;
}

export async function run({ baseUrl, seconds = 30 }) {
  const duration = `${seconds}s`;
  const plans = [
    { scenario: staffDay, load: { duration }, env: { POLL_SECONDS: '1' } },
    { scenario: bookingPeak, load: { duration }, env: { DAYS_AHEAD: '1', DAYS: '2' } },
    { scenario: campaignSend, load: { iterations: 2 }, env: { SEED_CLIENTS: '200' } },
  ];
  const results = {};
  for (const { scenario, load, env } of plans) {
    console.log(`\n› scenario ${scenario.name}: ${scenario.description}`);
    const result = await runScenario(scenario, { baseUrl, load, env, log: (line) => console.log(`  ${line}`) });
    const requests = requestTable(result.metrics);
    console.table(requests);
    console.table(
      result.thresholds.map((t) => ({
        threshold: `${t.key} ${t.expression}`,
        actual: t.actual === null ? '—' : Math.round(t.actual * 1000) / 1000,
        verdict: t.ok ? 'pass' : 'FAIL',
      })),
    );
    console.log(
      `  ${result.iterations} iterations, ${result.dropped} dropped, ${result.errors.length} errors${result.ok ? '' : ' — thresholds not met'}`,
    );
    results[scenario.name] = {
      iterations: result.iterations,
      dropped: result.dropped,
      errors: result.errors,
      requests,
      thresholds: result.thresholds,
      ok: result.ok,
    };
  }
  return results;
}
