import 'reflect-metadata';
import { payRuleInputSchema } from '@salon/contracts';
import { ConfigError } from '@salon/nest-kit';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { loadPayrollConfig } from './config.js';
import { DEMO_PAY_RULES, demoShifts, lastPeriod } from './database/demo-payroll.js';

/**
 * `npm run seed -w @salon/payroll`: the demo salon's pay rules, location rules (3 % card fee),
 * biweekly pay periods, and three weeks of shifts: the period before the last one approved, the
 * last one waiting for a manager's approval (the walk approves it). Once.
 * SEED-ONLY SHORTCUT: staff and locations are read (read-only) from identity's database
 * (IDENTITY_DATABASE_URL); the running service never reads another service's tables.
 */
try {
  const config = loadPayrollConfig();
  const dataSource = new DataSource({ type: 'postgres', url: config.DATABASE_URL });
  await dataSource.initialize();
  try {
    if ((await dataSource.query(`SELECT 1 FROM pay_rules LIMIT 1`)).length) {
      console.log(JSON.stringify({ service: 'payroll', seeded: false, reason: 'already seeded' }));
    } else {
      const identity = new pg.Client({
        connectionString: process.env.IDENTITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/salon_identity',
      });
      await identity.connect();
      let people: { id: string; first_name: string }[];
      let locations: { id: string; time_zone: string; is_default: boolean }[];
      try {
        people = (
          await identity.query(`SELECT id, first_name FROM users WHERE role = 'staff' AND first_name = ANY($1)`, [
            Object.keys(DEMO_PAY_RULES),
          ])
        ).rows;
        locations = (await identity.query(`SELECT id, time_zone, is_default FROM locations ORDER BY is_default DESC, created_at`)).rows;
      } finally {
        await identity.end();
      }
      const home = locations[0];
      const now = new Date();
      let shifts = 0;
      await dataSource.transaction(async (m) => {
        for (const l of locations) {
          await m.query(`INSERT INTO locations (location_id, time_zone, card_fee_bps) VALUES ($1, $2, 300) ON CONFLICT DO NOTHING`, [
            l.id,
            l.time_zone,
          ]);
        }
        const zone = home?.time_zone ?? config.DEFAULT_TIME_ZONE;
        const period = lastPeriod(now, zone);
        await m.query(`INSERT INTO pay_settings (id, frequency, anchor_date) VALUES (true, 'biweekly', $1) ON CONFLICT DO NOTHING`, [
          period.start,
        ]);
        for (const p of people) {
          for (const [i, r] of DEMO_PAY_RULES[p.first_name]!.entries()) {
            await m.query(`INSERT INTO pay_rules (staff_id, version, effective_from, rule) VALUES ($1, $2, $3, $4)`, [
              p.id,
              i + 1,
              r.effectiveFrom,
              JSON.stringify(payRuleInputSchema.parse(r)),
            ]);
          }
        }
        if (!home) return;
        const idOf = new Map(people.map((p) => [p.first_name, p.id]));
        for (const s of demoShifts(now, zone, [...idOf.keys()])) {
          const approved = s.workDate < period.start;
          const [row] = await m.query(
            `INSERT INTO shifts (staff_id, location_id, status, clock_in_at, clock_out_at, work_date, source, approved_at)
             VALUES ($1, $2, 'closed', $3, $4, $5, 'self', $6) RETURNING id`,
            [idOf.get(s.firstName), home.id, s.clockInAt, s.clockOutAt, s.workDate, approved ? s.clockOutAt : null],
          );
          await m.query(`INSERT INTO shift_breaks (shift_id, started_at, ended_at) VALUES ($1, $2, $3)`, [
            row.id,
            s.breakStart,
            s.breakEnd,
          ]);
          shifts++;
        }
      });
      console.log(JSON.stringify({ service: 'payroll', seeded: true, staff: people.length, shifts }));
    }
  } finally {
    await dataSource.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `payroll seed failed: ${(error as Error).message}`);
  process.exit(1);
}
