import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from './shutdown.js';

const dir = mkdtempSync(join(tmpdir(), 'heartbeat-'));
afterEach(() => vi.useRealTimers());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startHeartbeat (the workers’ probe file)', () => {
  it('writes the file at once, renews it on every beat until stopped', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T15:00:00Z'), toFake: ['setInterval', 'clearInterval', 'Date'] });
    const file = join(dir, 'beat');
    const stop = startHeartbeat(file, 5000);
    expect(Number(readFileSync(file, 'utf8'))).toBe(Date.parse('2026-11-23T15:00:00Z'));
    vi.advanceTimersByTime(5000);
    expect(Number(readFileSync(file, 'utf8'))).toBe(Date.parse('2026-11-23T15:00:05Z'));
    stop();
    vi.advanceTimersByTime(60_000);
    expect(Number(readFileSync(file, 'utf8'))).toBe(Date.parse('2026-11-23T15:00:05Z'));
    expect(statSync(file).isFile()).toBe(true);
  });

  it('does nothing without a path, and survives a directory it cannot write', () => {
    expect(() => startHeartbeat(undefined)()).not.toThrow();
    const stop = startHeartbeat(join(dir, 'missing', 'beat'));
    stop();
  });
});
