import { describe, expect, it } from 'vitest';
import { exportPath, formatBps, presetRange, rangeProblem } from './report-range';

describe('report ranges', () => {
  it.each([
    ['today', { from: '2026-03-01', to: '2026-03-01' }],
    ['last7', { from: '2026-02-23', to: '2026-03-01' }],
    ['thisMonth', { from: '2026-03-01', to: '2026-03-01' }],
    ['lastMonth', { from: '2026-02-01', to: '2026-02-28' }],
  ] as const)('%s from 1 March 2026', (preset, range) => {
    expect(presetRange(preset, '2026-03-01')).toEqual(range);
  });
  it('last month from January is December of the year before', () => {
    expect(presetRange('lastMonth', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
  it('names what is wrong with a range, as the service would', () => {
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toMatch(/on or after/);
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toMatch(/366/);
    expect(rangeProblem({ from: '', to: '2026-01-02' })).toMatch(/both dates/);
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
  });
  it('formats rates and export addresses', () => {
    expect(formatBps(3333)).toBe('33.3%');
    expect(exportPath('sales', { from: '2026-03-01', to: '2026-03-07' }, null)).toBe(
      '/api/reports/export?section=sales&from=2026-03-01&to=2026-03-07',
    );
    expect(exportPath('staff', { from: '2026-03-01', to: '2026-03-01' }, 'loc-1')).toContain('&locationId=loc-1');
  });
});
