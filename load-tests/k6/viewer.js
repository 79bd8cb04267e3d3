// k6 scenario for operators: each virtual user logs in once through the gateway's REST facade,
// then asks the `viewer` query through /graphql in a loop.
//
//   k6 run -e BASE_URL=https://salon.example.com -e EMAIL=admin@example.com -e PASSWORD=secret load-tests/k6/viewer.js
//
// Options (all -e): BASE_URL (default http://127.0.0.1:4000), EMAIL, PASSWORD (required),
// VUS (default 20), DURATION (default 1m), RAMP (default 30s), P95_MS (default 300), P99_MS (default 800).
// Identity rate-limits logins: each VU logs in once (and again only after a 401), not every iteration.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:4000').replace(/\/+$/, '');
const EMAIL = __ENV.EMAIL;
const PASSWORD = __ENV.PASSWORD;
const VUS = Number(__ENV.VUS || 20);
const DURATION = __ENV.DURATION || '1m';
const RAMP = __ENV.RAMP || '30s';
const P95_MS = Number(__ENV.P95_MS || 300);
const P99_MS = Number(__ENV.P99_MS || 800);

const VIEWER_QUERY = 'query Viewer { viewer { id email firstName lastName role permissions } }';

const graphqlErrors = new Counter('graphql_errors');
const viewerDuration = new Trend('viewer_duration', true);

export const options = {
  scenarios: {
    viewer: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: RAMP, target: VUS },
        { duration: DURATION, target: VUS },
        { duration: '10s', target: 0 },
      ],
      gracefulRampDown: '10s',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    graphql_errors: ['count<1'],
    viewer_duration: [`p(95)<${P95_MS}`, `p(99)<${P99_MS}`],
    'http_req_duration{name:login}': ['p(95)<1500'],
  },
};

export function setup() {
  if (!EMAIL || !PASSWORD) fail('set -e EMAIL=... -e PASSWORD=... (an account that can sign in)');
  const ready = http.get(`${BASE_URL}/health/ready`);
  if (ready.status !== 200) fail(`${BASE_URL}/health/ready answered ${ready.status}: ${ready.body}`);
  return {};
}

let token = null;

function login() {
  const res = http.post(`${BASE_URL}/api/auth/login`, JSON.stringify({ email: EMAIL, password: PASSWORD }), {
    headers: { 'content-type': 'application/json' },
    tags: { name: 'login' },
  });
  const ok = check(res, { 'login 200': (r) => r.status === 200, 'login has token': (r) => Boolean(r.json('token')) });
  if (!ok) fail(`login failed: ${res.status} ${res.body}`);
  return res.json('token');
}

export default function () {
  if (!token) token = login();
  const res = http.post(`${BASE_URL}/graphql`, JSON.stringify({ query: VIEWER_QUERY, operationName: 'Viewer' }), {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    tags: { name: 'viewer' },
  });
  viewerDuration.add(res.timings.duration);
  if (res.status === 401) token = null; // expired or revoked: log in again next iteration
  const body = res.status === 200 ? res.json() : null;
  if (body && body.errors) graphqlErrors.add(1);
  check(res, {
    'viewer 200': (r) => r.status === 200,
    'viewer has data': () => Boolean(body && body.data && body.data.viewer && body.data.viewer.id),
  });
  sleep(Number(__ENV.THINK_SECONDS || 0.1));
}
