import { describe, expect, inject, it } from 'vitest';
// The load scenarios k6 runs against a deployment (load-tests/k6) and `npm run bench` runs here,
// each run once through the local driver against the walk's platform: a renamed path, a changed
// answer or a new rule shows here, not on an operator's load test day. One desk or visitor, one
// or two iterations, three weeks ahead, so the walks' own days are left alone.
import { runScenario } from '../../load-tests/local/run-scenario.mjs';
import { bookingPeak } from '../../load-tests/scenarios/booking-peak.scenario.js';
import { campaignSend } from '../../load-tests/scenarios/campaign-send.scenario.js';
import { staffDay } from '../../load-tests/scenarios/staff-day.scenario.js';

interface Sample {
  kind: string;
  passes?: number;
  total?: number;
  values?: number[];
}
const baseUrl = () => inject('baseUrl');
const passes = (metrics: Map<string, Sample>, check: string) => metrics.get(`checks{check:${check}}`)?.passes ?? 0;
const failed = (result: { thresholds: { key: string; expression: string; ok: boolean; actual: number | null }[] }) =>
  result.thresholds.filter((t) => !t.ok);

describe('the load scenarios, once each against the platform', () => {
  it('a front desk polls the calendar, books, checks in and checks out', async () => {
    const result = await runScenario(staffDay, {
      baseUrl: baseUrl(),
      env: { BOOK_EVERY: '1', BOOK_FROM_DAYS: '21', BOOK_DAYS: '7', POLL_SECONDS: '0' },
      load: { executor: 'per-vu-iterations', vus: 1, iterations: 2 },
    });
    expect(result.errors).toEqual([]);
    // Durations are the bench's business; here every request and check must hold.
    expect(failed(result).filter((t) => !t.key.startsWith('http_req_duration'))).toEqual([]);
    expect(passes(result.metrics, 'paid and closed')).toBeGreaterThan(0);
    expect(passes(result.metrics, 'calendar answers')).toBe(2);
  });

  it('visitors book online, or are refused with alternatives', async () => {
    const result = await runScenario(bookingPeak, {
      baseUrl: baseUrl(),
      env: { DAYS_AHEAD: '21', DAYS: '7' },
      load: { executor: 'per-vu-iterations', vus: 1, iterations: 2 },
    });
    expect(result.errors).toEqual([]);
    expect(failed(result).filter((t) => !t.key.startsWith('http_req_duration'))).toEqual([]);
    expect(passes(result.metrics, 'booked, or refused with alternatives')).toBe(2);
  });

  it('an e-mail campaign to a tagged segment goes out to every reader', async () => {
    const result = await runScenario(campaignSend, {
      baseUrl: baseUrl(),
      env: { SEED_CLIENTS: '3', CAMPAIGN_TIMEOUT_SECONDS: '60' },
      load: { executor: 'per-vu-iterations', vus: 1, iterations: 1 },
    });
    expect(result.errors).toEqual([]);
    expect(failed(result).filter((t) => !t.key.startsWith('http_req_duration') && t.key !== 'campaign_completion')).toEqual([]);
    expect(passes(result.metrics, 'campaign sent to everyone it could')).toBe(1);
    expect(result.metrics.get('campaign_completion')?.values).toHaveLength(1);
  }, 90_000);
});
