// What every scenario shares. Scenarios are generator functions written once and run by two
// drivers: k6 (load-tests/k6/k6-driver.js, where a request returns its response at once) and the
// local harness `npm run bench` runs (load-tests/local/run-scenario.mjs, where it returns a
// promise the driver awaits). `const res = yield h.get(...)` reads the same in both, so the two
// can never test different things. Plain ES2017 modules: k6's JavaScript runtime loads them as
// they are, so nothing here may import from Node or from k6.

/** A day `days` after `from` as `YYYY-MM-DD` (UTC arithmetic on a calendar date: no zone shifts). */
export function addDays(date, days) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today's date in `timeZone`, as the salon's calendar sees it. */
export function localToday(timeZone, now) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return parts.slice(0, 10);
}

/** One element of a non-empty list, picked by the driver's random source (seeded in the harness). */
export function pick(h, list) {
  return list[Math.floor(h.random() * list.length)];
}

/** Signs in through the REST facade; the answer's token, or the scenario stops with why it could not. */
export function* signIn(h, email, password) {
  const res = yield h.post('/api/auth/login', { email, password }, { name: 'login' });
  if (res.status !== 200 || !res.json || !res.json.token) h.fail(`sign-in as ${email} answered ${res.status}: ${res.body}`);
  return res.json.token;
}

/** The location a scenario works at: LOCATION_ID, else the default active one. */
export function* workLocation(h, token) {
  const res = yield h.get('/api/locations', { token, name: 'locations' });
  if (res.status !== 200) h.fail(`/api/locations answered ${res.status}: ${res.body}`);
  const wanted = h.env('LOCATION_ID', '');
  const active = res.json.filter((l) => l.isActive);
  const location = wanted ? active.find((l) => l.id === wanted) : active.find((l) => l.isDefault) || active[0];
  if (!location) h.fail(wanted ? `no active location ${wanted}` : 'the business has no active location');
  return location;
}

/** A client's display name for a unique synthetic visitor: the harness and k6 both make many. */
export function visitorName(h) {
  const n = Math.floor(h.random() * 1e9);
  return { firstName: 'Load', lastName: `Visitor ${n}`, email: `load-visitor-${n}@example.com` };
}
