// A public booking peak: visitors arrive at a steady rate (a campaign just went out, a post went
// viral), each loading the booking page's data, asking for free times and booking one. Many ask
// for the same popular times, so some bookings are refused (409 with alternatives): that is the
// engine keeping its promise of no double booking, and counts as a correct answer. A 429 (the
// per-address hourly limit, ONLINE_BOOKINGS_PER_IP_PER_HOUR) does count as a failure: raise the
// limit for the test, or spread the load over addresses.
import { addDays, localToday, pick, visitorName } from './scenario-kit.js';

export const bookingPeak = {
  name: 'booking-peak',
  description: 'visitors booking online at a steady arrival rate, competing for the same times',
  load: { executor: 'constant-arrival-rate', rate: 5, timeUnit: '1s', duration: '2m', preAllocatedVUs: 20, maxVUs: 60 },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    dropped_iterations: ['count<1'],
    'http_req_duration{name:booking-page}': ['p(95)<300'],
    'http_req_duration{name:availability}': ['p(95)<500'],
    'http_req_duration{name:book}': ['p(95)<1000'],
  },

  *setup(h) {
    const page = yield h.get('/api/online-booking', { name: 'booking-page' });
    if (page.status !== 200 || page.json.locations.length === 0) h.fail(`/api/online-booking answered ${page.status}: ${page.body}`);
    const wanted = h.env('LOCATION_ID', '');
    const location = wanted ? page.json.locations.find((l) => l.id === wanted) : page.json.locations[0];
    if (!location) h.fail(`location ${wanted} does not take online bookings`);
    const services = yield h.get(`/api/online-booking/services?locationId=${location.id}`, { name: 'booking-page' });
    if (services.status !== 200 || services.json.length === 0) h.fail(`no service is offered online at ${location.id}`);
    return { locationId: location.id, timeZone: location.timeZone, serviceIds: services.json.slice(0, 3).map((s) => s.id) };
  },

  *iteration(h, data) {
    // What the page loads first: the business and its services.
    const page = yield h.get('/api/online-booking', { name: 'booking-page' });
    h.check(page, { 'booking page 200': (r) => r.status === 200 });
    const serviceId = pick(h, data.serviceIds);

    // A popular window: everyone looks at the same few days (DAYS_AHEAD from today, DAYS long).
    const first = addDays(localToday(data.timeZone, h.now()), Number(h.env('DAYS_AHEAD', '1')));
    const last = addDays(first, Number(h.env('DAYS', '2')) - 1);
    const free = yield h.get(
      `/api/online-booking/availability?locationId=${data.locationId}&serviceId=${serviceId}&from=${first}&to=${last}`,
      { name: 'availability' },
    );
    h.check(free, { 'availability 200': (r) => r.status === 200 });
    const slots = free.status === 200 ? free.json.slots : [];
    if (slots.length === 0) return;
    // Visitors favour the earliest times: half pick among the first five.
    const slot = h.random() < 0.5 ? pick(h, slots.slice(0, 5)) : pick(h, slots);

    const visitor = visitorName(h);
    const booked = yield h.post(
      '/api/online-booking/appointments',
      {
        locationId: data.locationId,
        serviceId,
        staffId: slot.staffId,
        startsAt: slot.startsAt,
        client: { ...visitor, emailConsent: false, smsConsent: false },
      },
      { name: 'book', expect: [201, 409], headers: { 'idempotency-key': `load-${visitor.lastName.replace(/\D/g, '')}` } },
    );
    h.check(booked, {
      'booked, or refused with alternatives': (r) =>
        (r.status === 201 && Boolean(r.json.appointment && r.json.appointment.id)) ||
        (r.status === 409 && Array.isArray(r.json.alternatives)),
    });
  },
};
