import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseExpression, parseKey } from '../local/thresholds.mjs';
import { bookingPeak } from './booking-peak.scenario.js';
import { campaignSend } from './campaign-send.scenario.js';
import { staffDay } from './staff-day.scenario.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const SCENARIOS = [staffDay, bookingPeak, campaignSend];

describe('the load scenarios', () => {
  it.each(SCENARIOS.map((s) => [s.name, s]))('%s has thresholds k6 can read and a load both drivers run', (_name, s) => {
    for (const [key, lines] of Object.entries(s.thresholds)) {
      expect(() => parseKey(key)).not.toThrow();
      for (const line of lines) expect(() => parseExpression(line)).not.toThrow();
    }
    expect(['constant-vus', 'constant-arrival-rate', 'per-vu-iterations']).toContain(s.load.executor);
  });

  it('import nothing from Node or k6, so k6 and the harness run the same code', () => {
    for (const file of readdirSync(here('.')).filter((f) => f.endsWith('.js'))) {
      const imports = [...readFileSync(here(file), 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      for (const source of imports) expect(source, file).toMatch(/^\.\/[a-z-]+(\.scenario)?\.js$/);
    }
  });

  it('each has a k6 entry file in load-tests/k6', () => {
    const entries = readdirSync(here('../k6'));
    for (const s of SCENARIOS) {
      expect(entries).toContain(`${s.name}.js`);
      expect(readFileSync(here(`../k6/${s.name}.js`), 'utf8')).toContain(`../scenarios/${s.name}.scenario.js`);
    }
  });
});
