import 'reflect-metadata';
import { ConfigError, OutboxWriter } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { DateTime } from 'luxon';
import pg from 'pg';
import { loadSchedulingConfig } from './config.js';
import { demoAppointmentEvents, demoChangeLog, demoStatus, planDemoWeek, seededRandom, type DemoChange } from './database/demo-week.js';
import type { HoldKind } from './modules/allocations/domain/hold-plan.js';
import { holdInsert } from './modules/allocations/persistence/allocation.repository.js';
import { workingHoursChanged } from './modules/schedules/domain/working-hours-event.js';

/**
 * `npm run seed -w @salon/scheduling`: the demo salon's catalogue, rooms, devices, working hours
 * and four weeks of appointments (the two before this week, this and next), once. Each appointment's
 * lifecycle events go through the outbox dated when they happened and marked `history`
 * (demoAppointmentEvents): payroll's reports and clients' last visits project them, while no
 * confirmation, reminder, form or waitlist offer is sent for the demo. SEED-ONLY SHORTCUT: the demo staff, locations and clients are
 * read (read-only) from identity's and clients' databases (IDENTITY_DATABASE_URL,
 * CLIENTS_DATABASE_URL); the running service never reads another service's tables.
 */
interface DemoService {
  name: string;
  category: string;
  duration: number;
  price: number;
  after: number;
  processing?: [number, number];
  room?: string;
  devices?: string[];
  /** Taken when booked online (the card modal), applied at checkout. */
  deposit?: { type: 'fixed'; amountMinor: number } | { type: 'percent'; percent: number };
}
const CATALOGUE: DemoService[] = [
  { name: 'Haircut', category: 'Hair', duration: 45, price: 5500, after: 10 },
  { name: 'Blow-dry', category: 'Hair', duration: 30, price: 3500, after: 5 },
  {
    name: 'Colour',
    category: 'Hair',
    duration: 120,
    price: 12000,
    after: 10,
    processing: [30, 45],
    deposit: { type: 'percent', percent: 25 },
  },
  {
    name: 'Balayage',
    category: 'Hair',
    duration: 180,
    price: 22000,
    after: 15,
    processing: [60, 45],
    deposit: { type: 'fixed', amountMinor: 5000 },
  },
  { name: 'Massage 60', category: 'Spa', duration: 60, price: 9000, after: 15, room: 'treatment' },
  { name: 'Massage 90', category: 'Spa', duration: 90, price: 12500, after: 15, room: 'treatment' },
  { name: 'Facial', category: 'Spa', duration: 60, price: 8500, after: 10, room: 'treatment', devices: ['facial-bed'] },
  { name: 'Manicure', category: 'Nails', duration: 45, price: 4000, after: 5 },
];

/**
 * Two weeks of group classes in a studio, seeded before the appointments (a planned visit that
 * would meet a class is left out): the first Yoga is full with a waitlist, the others part-booked.
 */
/**
 * Which weekdays (1 = Monday) a demo staff member works at a location: everyone at the first
 * location Monday to Saturday, except that every second person spends Tuesday and Thursday at
 * the second location (nobody is in two places at once).
 */
function workDays(locationIndex: number, staffIndex: number, locationCount: number): number[] {
  const travels = locationCount > 1 && staffIndex % 2 === 1;
  if (locationIndex === 0) return travels ? [1, 3, 5, 6] : [1, 2, 3, 4, 5, 6];
  return locationIndex === 1 && travels ? [2, 4] : [];
}

async function seedClasses(
  db: pg.Client,
  locationId: string,
  monday: DateTime,
  staff: string[],
  clientAt: (i: number) => string,
): Promise<number> {
  const studio = (
    await db.query(`INSERT INTO rooms (location_id, name, type, capacity) VALUES ($1, 'Studio', 'studio', 1) RETURNING id`, [locationId])
  ).rows[0].id;
  const plan = [
    {
      name: 'Yoga Flow',
      category: 'Yoga',
      day: 1,
      hour: 17,
      minute: 15,
      minutes: 45,
      capacity: 6,
      price: 2000,
      instructor: staff[0],
      room: studio,
      enrolled: 8,
    },
    {
      name: 'Yoga Flow',
      category: 'Yoga',
      day: 3,
      hour: 17,
      minute: 15,
      minutes: 45,
      capacity: 6,
      price: 2000,
      instructor: staff[0],
      room: studio,
      enrolled: 3,
    },
    {
      name: 'Pilates Core',
      category: 'Pilates',
      day: 5,
      hour: 9,
      minute: 0,
      minutes: 45,
      capacity: 10,
      price: 2500,
      instructor: staff[1] ?? staff[0],
      room: null,
      enrolled: 4,
    },
  ];
  let n = 0;
  for (const week of [0, 1]) {
    const series = new Map<string, string>();
    for (const c of plan) {
      const start = monday.plus({ weeks: week, days: c.day }).set({ hour: c.hour, minute: c.minute });
      const end = start.plus({ minutes: c.minutes });
      const seriesId = series.get(c.name) ?? crypto.randomUUID();
      series.set(c.name, seriesId);
      const { rows } = await db.query(
        `INSERT INTO class_sessions (location_id, series_id, name, category, instructor_id, room_id, starts_at, ends_at, capacity, price_minor)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
        [locationId, seriesId, c.name, c.category, c.instructor, c.room, start.toISO(), end.toISO(), c.capacity, c.price],
      );
      const id = rows[0].id;
      const span = { place: 1, from: start.toJSDate(), to: end.toJSDate() };
      const staffHold = holdInsert({ classSessionId: id }, { kind: 'staff', resourceId: c.instructor, ...span });
      await db.query(staffHold.sql, staffHold.params);
      if (c.room) {
        const roomHold = holdInsert({ classSessionId: id }, { kind: 'room', resourceId: c.room, ...span });
        await db.query(roomHold.sql, roomHold.params);
      }
      const past = end < DateTime.now();
      for (let i = 0; i < (week === 0 ? c.enrolled : Math.min(c.enrolled, 2)); i++) {
        const status = i >= c.capacity ? 'waitlisted' : past ? 'attended' : 'enrolled';
        await db.query(
          `INSERT INTO class_enrolments (session_id, client_id, status, queue_no, waitlisted_at) VALUES ($1,$2,$3,$4,CASE WHEN $3 = 'waitlisted' THEN now() END) ON CONFLICT DO NOTHING`,
          [id, clientAt(100 + n * 7 + i), status, i + 1],
        );
      }
      n++;
    }
  }
  return n;
}

/** A seeded appointment's lifecycle, appended to the outbox as history (demoAppointmentEvents). */
function publishHistory(
  db: pg.Client,
  a: {
    id: string;
    locationId: string;
    clientId: string;
    staffId: string;
    service: { id: string; s: DemoService };
    start: DateTime;
    end: DateTime;
    source: 'staff' | 'online';
    cancelReason: string | null;
  },
  log: DemoChange[],
) {
  // SEED-ONLY: the outbox writer takes a TypeORM manager; it only calls query(text, values), which pg's client has too.
  return new OutboxWriter().appendAll(
    db as unknown as EntityManager,
    demoAppointmentEvents(
      {
        appointmentId: a.id,
        locationId: a.locationId,
        clientId: a.clientId,
        staffId: a.staffId,
        serviceId: a.service.id,
        serviceName: a.service.s.name,
        startsAt: a.start.toJSDate(),
        endsAt: a.end.toJSDate(),
        priceMinor: a.service.s.price,
        currency: 'USD',
        source: a.source,
        cancelReason: a.cancelReason,
      },
      log,
    ),
  );
}

try {
  const config = loadSchedulingConfig();
  const db = new pg.Client({ connectionString: config.DATABASE_URL });
  // SEED-ONLY: the outbox writer takes a TypeORM manager; it only calls query(text, values), which pg's client has too.
  const outbox = new OutboxWriter();
  await db.connect();
  try {
    if ((await db.query(`SELECT 1 FROM services LIMIT 1`)).rowCount) {
      console.log(JSON.stringify({ service: 'scheduling', seeded: false, reason: 'already seeded' }));
    } else {
      const identity = new pg.Client({
        connectionString: process.env.IDENTITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/salon_identity',
      });
      await identity.connect();
      const locations = (await identity.query(`SELECT id, time_zone FROM locations ORDER BY is_default DESC, name`)).rows as {
        id: string;
        time_zone: string;
      }[];
      const staff = (
        await identity.query(
          `SELECT id FROM users WHERE role = 'staff' AND email LIKE '%@demo.salon' AND email NOT IN ('basic@demo.salon') ORDER BY email`,
        )
      ).rows.map((r) => r.id as string);
      // The demo's front desk (staff@demo.salon) made the desk's changes in the change logs.
      const desk =
        ((await identity.query(`SELECT id FROM users WHERE email = 'staff@demo.salon'`)).rows[0]?.id as string | undefined) ?? null;
      await identity.end();
      let clients: string[] = [];
      // A client with an alert the owner marked critical: the demo books them this week (the desk must acknowledge it).
      let critical: string | null = null;
      // Each client's "last visit" as the clients seed drew it: a visit before the planned four weeks becomes a
      // completed appointment at that date, so the profile's history and its "last visit" agree.
      let earlier: { id: string; at: Date }[] = [];
      try {
        const c = new pg.Client({
          connectionString: process.env.CLIENTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/salon_clients',
        });
        await c.connect();
        clients = (
          await c.query(`SELECT id FROM clients WHERE deleted_at IS NULL AND merged_into IS NULL ORDER BY created_at LIMIT 300`)
        ).rows.map((r) => r.id);
        critical =
          (
            await c.query(
              `SELECT id FROM clients WHERE deleted_at IS NULL AND merged_into IS NULL AND alerts @> '[{"critical": true}]' ORDER BY created_at LIMIT 1`,
            )
          ).rows[0]?.id ?? null;
        earlier = (
          await c.query(
            `SELECT id, last_visit_at FROM clients WHERE deleted_at IS NULL AND merged_into IS NULL AND last_visit_at IS NOT NULL`,
          )
        ).rows.map((r) => ({ id: r.id as string, at: r.last_visit_at as Date }));
        await c.end();
      } catch {
        /* clients not seeded: random ids below */
      }
      const clientAt = (i: number) => clients[i % Math.max(clients.length, 1)] ?? crypto.randomUUID();
      let appointments = 0;
      let classes = 0;
      await db.query('BEGIN');
      for (const [li, loc] of locations.entries()) {
        const tz = loc.time_zone ?? config.DEFAULT_TIME_ZONE;
        await db.query(`INSERT INTO location_policies (location_id, time_zone) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [loc.id, tz]);
        // The second location requires a card for online booking (no-show $25, late cancel $15), to show that flow; the
        // first (every walk's and bench's online bookings) asks none.
        if (li === 1)
          await db.query(
            `UPDATE location_policies SET require_card_online = true, no_show_fee_minor = 2500, late_cancel_fee_minor = 1500 WHERE location_id = $1`,
            [loc.id],
          );
        const rooms: string[] = [];
        for (let r = 1; r <= 2; r++)
          rooms.push(
            (
              await db.query(`INSERT INTO rooms (location_id, name, type) VALUES ($1, $2, 'treatment') RETURNING id`, [
                loc.id,
                `Treatment Room ${r}`,
              ])
            ).rows[0].id,
          );
        await db.query(`INSERT INTO rooms (location_id, name, type, capacity) VALUES ($1, 'Nail Bar', 'nail-station', 3)`, [loc.id]);
        const bed = (
          await db.query(`INSERT INTO devices (location_id, name, type) VALUES ($1, 'Facial Bed', 'facial-bed') RETURNING id`, [loc.id])
        ).rows[0].id;
        const here = staff.filter((_, i) => workDays(li, i, locations.length).length > 0);
        const services: { id: string; s: DemoService }[] = [];
        for (const s of CATALOGUE) {
          const p = s.processing ?? null;
          const { rows } = await db.query(
            `INSERT INTO services (location_id, name, category, duration_min, price_minor, buffer_after_min, processing_start_after_min, processing_duration_min, room_type, device_types, deposit)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING id`,
            [
              loc.id,
              s.name,
              s.category,
              s.duration,
              s.price,
              s.after,
              p?.[0] ?? null,
              p?.[1] ?? null,
              s.room ?? null,
              s.devices ?? [],
              s.deposit ? JSON.stringify(s.deposit) : null,
            ],
          );
          services.push({ id: rows[0].id, s });
        }
        for (const st of here) {
          const days = workDays(li, staff.indexOf(st), locations.length);
          for (const d of days) {
            await db.query(
              `INSERT INTO working_hours (staff_id, location_id, weekday, start_time, end_time) VALUES ($1,$2,$3,'09:00','18:00')`,
              [st, loc.id, d],
            );
            await db.query(
              `INSERT INTO working_hours (staff_id, location_id, weekday, start_time, end_time, kind, label) VALUES ($1,$2,$3,'12:30','13:00','break','Lunch')`,
              [st, loc.id, d],
            );
          }
          // The week as a live change publishes it (payroll's utilisation reads it), dated before the
          // demo's history so the reports of its past weeks have these hours too.
          if (days.length)
            await outbox.append(
              db as unknown as EntityManager,
              workingHoursChanged(
                {
                  staffId: st,
                  locationId: loc.id,
                  intervals: days.flatMap((weekday) => [
                    { weekday, start: '09:00', end: '18:00', kind: 'work' as const },
                    { weekday, start: '12:30', end: '13:00', kind: 'break' as const },
                  ]),
                },
                { type: 'system', id: null },
                DateTime.now().minus({ days: 90 }).toJSDate(),
              ),
            );
        }
        // Four weeks of appointments (the two before this one, this week and next), planned like a real
        // salon's (demo-week.ts); the past ones mostly completed, and retail's seed checks those out.
        const monday = DateTime.now().setZone(tz).startOf('week');
        const dates = [-14, -7, 0, 7].flatMap((w) => [0, 1, 2, 3, 4, 5].map((d) => monday.plus({ days: w + d }).toISODate()!));
        const team = here;
        const plan = planDemoWeek({
          dates,
          staffCount: team.length,
          roomCount: rooms.length,
          seed: 20261121 + li,
          services: services.map(({ s }) => ({ durationMin: s.duration, afterMin: s.after, room: !!s.room, device: !!s.devices?.length })),
          day: { start: 9 * 60, end: 18 * 60, lunchStart: 12 * 60 + 30, lunchEnd: 13 * 60 },
        });
        // Classes first: a planned visit that would meet a class's instructor is skipped below.
        if (li === 0 && staff.length > 0) classes += await seedClasses(db, loc.id, monday, staff, clientAt);
        const roll = seededRandom(7 + li);
        const now = new Date();
        for (const v of plan) {
          // The planner fills every day; people only see clients on the days they work here.
          if (!workDays(li, staff.indexOf(team[v.staffIndex]), locations.length).includes(DateTime.fromISO(v.date).weekday)) continue;
          await db.query('SAVEPOINT visit');
          try {
            const svc = services[v.serviceIndex];
            const st = team[v.staffIndex];
            // Wall-clock times of the day (not minutes after midnight: on a day the clocks change those differ).
            const day = DateTime.fromISO(v.date, { zone: tz });
            const start = day.set({ hour: Math.floor(v.startMin / 60), minute: v.startMin % 60 });
            const end = day.set({ hour: Math.floor(v.endMin / 60), minute: v.endMin % 60 });
            let status = demoStatus(start.toJSDate(), end.toJSDate(), now, roll());
            // The critical-alert client's visit: the first one still to come at the main location.
            const forCritical = li === 0 && critical !== null && start.toJSDate() > now;
            const clientId = forCritical ? critical! : clientAt(appointments);
            if (forCritical) status = 'booked';
            const { rows } = await db.query(
              `INSERT INTO appointments (location_id, client_id, status, starts_at, ends_at, price_minor, currency, service, source, cancel_reason, cancelled_at)
               VALUES ($1,$2,$3,$4,$5,$6,'USD',$7,$8,$9,$10) RETURNING id`,
              [
                loc.id,
                clientId,
                status,
                start.toISO(),
                end.toISO(),
                svc.s.price,
                // The snapshot a real booking keeps (visit-price.ts): the calendar draws its cleanup and processing.
                JSON.stringify({
                  id: svc.id,
                  name: svc.s.name,
                  category: svc.s.category,
                  durationMin: svc.s.duration,
                  priceMinor: svc.s.price,
                  currency: 'USD',
                  bufferBeforeMin: 0,
                  bufferAfterMin: svc.s.after,
                  processing: svc.s.processing ? { startAfterMin: svc.s.processing[0], durationMin: svc.s.processing[1] } : null,
                }),
                v.source,
                status === 'cancelled' ? 'Client rescheduled by phone' : null,
                status === 'cancelled' ? start.minus({ days: 1 }).toISO() : null,
              ],
            );
            const id = rows[0].id;
            await db.query(
              `INSERT INTO appointment_segments (appointment_id, service_id, staff_id, starts_at, ends_at) VALUES ($1,$2,$3,$4,$5)`,
              [id, svc.id, st, start.toISO(), end.toISO()],
            );
            const held = end.plus({ minutes: svc.s.after });
            const active = status !== 'cancelled' && status !== 'no-show';
            const hold = (kind: HoldKind, resourceId: string) => {
              const row = holdInsert(
                { appointmentId: id },
                { kind, resourceId, place: 1, from: start.toJSDate(), to: held.toJSDate() },
                active,
              );
              return db.query(row.sql, row.params);
            };
            await hold('staff', st);
            if (v.roomIndex !== null) await hold('room', rooms[v.roomIndex]);
            if (v.device) await hold('device', bed);
            const source = v.source === 'online' ? 'online' : 'staff';
            const cancelReason = status === 'cancelled' ? 'Client rescheduled by phone' : null;
            const log = demoChangeLog({
              index: appointments,
              startsAt: start.toJSDate(),
              status,
              source,
              cancelReason,
              desk: desk ?? staff[0] ?? null,
              now,
            });
            for (const c of log)
              await db.query(
                `INSERT INTO appointment_changes (appointment_id, at, by_id, by_kind, what, from_value, to_value) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
                [id, c.at.toISOString(), c.byId, c.byKind, c.what, c.from, c.to],
              );
            // Its lifecycle as history: payroll's reports project it, nothing sends a message for it.
            await publishHistory(
              db,
              { id, locationId: loc.id, clientId, staffId: st, service: svc, start, end, source, cancelReason },
              log,
            );
            await db.query('RELEASE SAVEPOINT visit');
            if (forCritical) critical = null;
            appointments++;
          } catch (error) {
            // The constraint refused it (the instructor is teaching then): that visit is not in the demo.
            if ((error as { code?: string }).code !== '23P01') throw error;
            await db.query('ROLLBACK TO SAVEPOINT visit');
          }
        }
        // Earlier visits (see `earlier`): at the main location, a morning hour of that day, a past
        // appointment holds nothing so none can collide; one inside the planned four weeks is left out
        // (it would sit on top of a planned visit of the same person).
        if (li === 0 && here.length) {
          const monday0 = monday.minus({ days: 14 }).toJSDate();
          for (const [i, e] of earlier.entries()) {
            if (e.at >= monday0) continue;
            const svc = services[i % services.length];
            const start = DateTime.fromJSDate(e.at, { zone: tz }).set({ hour: 9 + (i % 8), minute: 0, second: 0, millisecond: 0 });
            const end = start.plus({ minutes: svc.s.duration });
            const { rows } = await db.query(
              `INSERT INTO appointments (location_id, client_id, status, starts_at, ends_at, price_minor, currency, service, source, notes)
               VALUES ($1,$2,'completed',$3,$4,$5,'USD',$6,'staff',$7) RETURNING id`,
              [
                loc.id,
                e.id,
                start.toISO(),
                end.toISO(),
                svc.s.price,
                JSON.stringify({
                  id: svc.id,
                  name: svc.s.name,
                  category: svc.s.category,
                  durationMin: svc.s.duration,
                  priceMinor: svc.s.price,
                  currency: 'USD',
                }),
                i % 4 === 0 ? 'Happy with the result; wants the same next time' : null,
              ],
            );
            await db.query(
              `INSERT INTO appointment_segments (appointment_id, service_id, staff_id, starts_at, ends_at) VALUES ($1,$2,$3,$4,$5)`,
              [rows[0].id, svc.id, here[i % here.length], start.toISO(), end.toISO()],
            );
            // Booked at the desk a few days before, completed when it ended: history, as above.
            const by = { byKind: 'user' as const, byId: desk ?? staff[0] ?? null };
            await publishHistory(
              db,
              {
                id: rows[0].id,
                locationId: loc.id,
                clientId: e.id,
                staffId: here[i % here.length]!,
                service: svc,
                start,
                end,
                source: 'staff',
                cancelReason: null,
              },
              [
                { ...by, at: start.minus({ days: 3 }).toJSDate(), what: 'booked', from: 'staff', to: start.toUTC().toISO()! },
                { ...by, at: end.toJSDate(), what: 'status', from: 'booked', to: 'completed' },
              ],
            );
            appointments++;
          }
        }
        // Two clients on the waitlist for the next two working days' afternoons (Monday to Saturday, whatever
        // today is): cancelling an afternoon appointment then offers them the time.
        if (li === 0 && here.length) {
          const workingDays = [1, 2, 3, 4, 5, 6, 7, 8]
            .map((n) => DateTime.now().setZone(tz).plus({ days: n }))
            .filter((d) => d.weekday !== 7);
          for (let w = 0; w < 2; w++) {
            const day = workingDays[w]!.toISODate();
            await db.query(
              `INSERT INTO waitlist_entries (location_id, client_id, service_id, staff_id, date_from, date_to, window_start, window_end, note) VALUES ($1,$2,$3,$4,$5,$5,'13:00','17:00','Any afternoon')`,
              [loc.id, clientAt(100 + w), services[0].id, w === 0 ? here[0] : null, day],
            );
          }
        }
      }
      await db.query(
        `INSERT INTO booking_designs (primary_color, background_color, headline, intro, policies) VALUES ('#7c3aed', '#faf7ff', $1, $2, $3) ON CONFLICT DO NOTHING`,
        [
          'Book your next visit',
          'Pick a service, choose your stylist (or anyone available) and a time that suits you. You will get a confirmation straight away.',
          'Please give us 24 hours’ notice if you need to cancel or move your appointment; you can do it online until then. Late cancellations and no-shows may be charged.',
        ],
      );
      await db.query('COMMIT');
      // The clients service learns of visits from the completed events above, but only raises a last visit
      // (GREATEST): the clients seed drew some for clients without any visit here, so the seed sets each
      // client's last visit from the appointments it just made (none: no visit).
      try {
        const last = (
          await db.query(`SELECT client_id, max(starts_at) AS at FROM appointments WHERE status = 'completed' GROUP BY client_id`)
        ).rows as { client_id: string; at: Date }[];
        const c = new pg.Client({
          connectionString: process.env.CLIENTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/salon_clients',
        });
        await c.connect();
        await c.query(
          `UPDATE clients SET last_visit_at = v.at FROM (SELECT id, at FROM unnest($1::uuid[], $2::timestamptz[]) AS t(id, at)) v
            WHERE clients.id = v.id`,
          [last.map((r) => r.client_id), last.map((r) => r.at)],
        );
        await c.query(`UPDATE clients SET last_visit_at = NULL WHERE NOT (id = ANY($1::uuid[]))`, [last.map((r) => r.client_id)]);
        await c.end();
      } catch {
        /* clients not seeded: nothing to line up */
      }
      console.log(
        JSON.stringify({ service: 'scheduling', seeded: true, locations: locations.length, staff: staff.length, appointments, classes }),
      );
    }
  } finally {
    await db.end();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `scheduling seed failed: ${(error as Error).message}`);
  process.exit(1);
}
