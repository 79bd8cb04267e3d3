import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForgottenShiftsProcessor } from '../modules/time-clock/jobs/forgotten-shifts.processor.js';
import { FlagForgottenShiftsUseCase } from '../modules/time-clock/use-cases/flag-forgotten-shifts.use-case.js';
import { LOCATION, startPayroll, type PayrollTestApp } from './payroll-app.js';

/** The worker's sweep flags shifts left open past their limit without anyone opening a time sheet. */
let t: PayrollTestApp;
beforeAll(async () => {
  t = await startPayroll('forgotten_sweep', { worker: true });
});
afterAll(async () => {
  await t?.close();
});

const status = async () =>
  (await t.sql<{ staff: string; status: string }>(`SELECT staff_id::text AS staff, status FROM shifts ORDER BY clock_in_at`)).map(
    (r) => r.status,
  );

describe('the forgotten-shift sweep', () => {
  it('flags only shifts open past the location limit, once, and never sets a clock-out', async () => {
    t.clock.set('2026-11-25T15:00:00Z');
    await t.as('jordan').post('/api/time-clock/clock-in', { locationId: LOCATION }).expect(201);
    t.clock.set('2026-11-26T03:00:00Z');
    await t.as('dana').post('/api/time-clock/clock-in', { locationId: LOCATION }).expect(201);
    const sweep = t.worker!.get(FlagForgottenShiftsUseCase);

    // 12 hours after Jordan's clock-in: under the 14-hour default, nothing to flag.
    expect(await sweep.sweep(new Date('2026-11-26T03:00:00Z'))).toBe(0);
    expect(await status()).toEqual(['open', 'open']);
    // 15 hours: Jordan's is forgotten, Dana's (3 hours old) stays open; a second sweep changes nothing.
    expect(await sweep.sweep(new Date('2026-11-26T06:00:00Z'))).toBe(1);
    expect(await sweep.sweep(new Date('2026-11-26T06:05:00Z'))).toBe(0);
    expect(await status()).toEqual(['forgotten', 'open']);
    const [jordan] = await t.sql(`SELECT clock_out_at FROM shifts WHERE status = 'forgotten'`);
    expect(jordan!.clock_out_at).toBeNull();
  });

  it('is on the worker’s timer: a tick sweeps and settles (a failure is logged, never thrown)', async () => {
    await expect(t.worker!.get(ForgottenShiftsProcessor).tick()).resolves.not.toBeInstanceOf(Error);
  });
});
