// A front desk's day: each virtual user is one desk signed in as staff. It keeps the day's
// calendar polled (as the web client does every few seconds, with the REST list's ETag), and now
// and then books a walk-in from the engine's free times, checks them in and takes the payment at
// the POS, closing the ticket. 409 (someone else took the time first) is a normal answer under
// load, not a failure: the desk simply books the next one.
import { addDays, localToday, pick, signIn, workLocation } from './scenario-kit.js';

export const staffDay = {
  name: 'staff-day',
  description: 'front desks: calendar polling, bookings, check-ins and checkouts',
  load: { executor: 'constant-vus', vus: 8, duration: '2m' },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{name:calendar}': ['p(95)<300'],
    'http_req_duration{name:availability}': ['p(95)<500'],
    'http_req_duration{name:book}': ['p(95)<800'],
    'http_req_duration{name:check-in}': ['p(95)<500'],
    'http_req_duration{name:checkout}': ['p(95)<1000'],
  },

  *setup(h) {
    const token = yield* signIn(h, h.env('EMAIL', 'admin@demo.salon'), h.env('PASSWORD', 'demo-salon'));
    const location = yield* workLocation(h, token);
    const services = yield h.get(`/api/services?locationId=${location.id}`, { token, name: 'services' });
    if (services.status !== 200) h.fail(`/api/services answered ${services.status}: ${services.body}`);
    const bookable = services.json.filter((s) => s.active);
    if (bookable.length === 0) h.fail(`no active service at ${location.name}`);
    const clients = yield h.get('/api/clients?limit=50', { token, name: 'clients' });
    if (clients.status !== 200 || clients.json.data.length === 0)
      h.fail(`/api/clients answered ${clients.status}: ${clients.body.slice(0, 300)}`);
    return {
      token,
      locationId: location.id,
      timeZone: location.timeZone,
      serviceIds: bookable.slice(0, 5).map((s) => s.id),
      clientIds: clients.json.data.map((c) => c.id),
    };
  },

  *iteration(h, data, desk) {
    const today = localToday(data.timeZone, h.now());
    const auth = { token: data.token };

    // The calendar, polled: an unchanged day answers 304 and costs the service one aggregate query.
    const from = `${today}T00:00:00Z`;
    const to = `${addDays(today, 1)}T12:00:00Z`;
    const calendar = yield h.get(`/api/appointments?from=${from}&to=${to}&locationId=${data.locationId}`, {
      ...auth,
      name: 'calendar',
      headers: desk.etag ? { 'if-none-match': desk.etag } : {},
      expect: [200, 304],
    });
    if (calendar.status === 200) desk.etag = calendar.headers.etag;
    h.check(calendar, { 'calendar answers': (r) => r.status === 200 || r.status === 304 });

    // One poll in BOOK_EVERY books, checks in and checks out a walk-in.
    if (h.iteration % Number(h.env('BOOK_EVERY', '5')) !== 0) {
      yield h.sleep(Number(h.env('POLL_SECONDS', '3')));
      return;
    }
    // The desk looks for a free time over the next BOOK_DAYS days (from BOOK_FROM_DAYS ahead).
    const serviceId = pick(h, data.serviceIds);
    const first = addDays(today, Number(h.env('BOOK_FROM_DAYS', '0')));
    const last = addDays(first, Number(h.env('BOOK_DAYS', '7')) - 1);
    const free = yield h.get(`/api/availability?locationId=${data.locationId}&serviceId=${serviceId}&from=${first}&to=${last}`, {
      name: 'availability',
    });
    h.check(free, { 'availability 200': (r) => r.status === 200 });
    const slots = free.status === 200 ? free.json.slots : [];
    if (slots.length === 0) return;
    const slot = pick(h, slots);
    const booked = yield h.post(
      '/api/appointments',
      {
        locationId: data.locationId,
        clientId: pick(h, data.clientIds),
        serviceId,
        staffId: slot.staffId,
        startsAt: slot.startsAt,
        source: 'staff',
      },
      { ...auth, name: 'book', expect: [201, 409] },
    );
    h.check(booked, { 'booked or refused with a reason': (r) => r.status === 201 || (r.status === 409 && Boolean(r.json.error)) });
    if (booked.status !== 201) return;

    const appointmentId = booked.json.id;
    const checkedIn = yield h.patch(`/api/appointments/${appointmentId}`, { status: 'checked-in' }, { ...auth, name: 'check-in' });
    h.check(checkedIn, { 'checked in': (r) => r.status === 200 && r.json.status === 'checked-in' });

    const opened = yield h.post(
      '/api/tickets',
      { locationId: data.locationId, appointmentIds: [appointmentId] },
      { ...auth, name: 'checkout' },
    );
    h.check(opened, { 'ticket opened': (r) => r.status === 201 });
    if (opened.status !== 201) return;
    const ticket = opened.json;
    const paid = yield h.post(
      `/api/tickets/${ticket.id}/payments`,
      { method: 'cash', amountMinor: ticket.balanceMinor, tenderedMinor: ticket.balanceMinor },
      { ...auth, name: 'checkout', headers: { 'idempotency-key': `load-${ticket.id}` } },
    );
    h.check(paid, { 'paid and closed': (r) => r.status === 201 && r.json.ticket.status === 'closed' && r.json.ticket.balanceMinor === 0 });
  },
};
