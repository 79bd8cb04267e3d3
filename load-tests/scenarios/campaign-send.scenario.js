// A campaign send as the owner does it: an e-mail campaign to a segment (clients tagged TAG),
// sent now, watched until every message is out. Measures the time from "Send" to the last
// message accepted by the provider (campaign_completion) alongside the requests. With
// SEED_CLIENTS > 0 the setup first adds that many tagged clients who agreed to e-mail (for a
// staging copy; never against a salon's real book).
export const campaignSend = {
  name: 'campaign-send',
  description: 'an e-mail campaign to a tagged segment, from Send to the last message accepted',
  load: { executor: 'per-vu-iterations', vus: 1, iterations: 3, maxDuration: '10m' },
  trends: ['campaign_completion'],
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{name:graphql}': ['p(95)<500'],
    campaign_completion: ['p(95)<60000'],
  },

  *setup(h) {
    const login = yield h.post(
      '/api/auth/login',
      { email: h.env('EMAIL', 'admin@demo.salon'), password: h.env('PASSWORD', 'demo-salon') },
      { name: 'login' },
    );
    if (login.status !== 200) h.fail(`sign-in answered ${login.status}: ${login.body}`);
    const token = login.json.token;
    const tag = h.env('TAG', `load-${Math.floor(h.random() * 1e6)}`);
    const seed = Number(h.env('SEED_CLIENTS', '0'));
    for (let i = 0; i < seed; i++) {
      const made = yield h.post(
        '/api/clients',
        { firstName: 'Load', lastName: `Reader ${i}`, email: `load-reader-${tag}-${i}@example.com`, tags: [tag], emailConsent: true },
        { token, name: 'seed-client' },
      );
      if (made.status !== 201) h.fail(`adding a client answered ${made.status}: ${made.body}`);
    }
    const segment = yield* graphql(h, token, SAVE_SEGMENT, {
      input: { name: `Load test ${tag}`, match: 'all', rules: [{ field: 'tag', op: 'has', value: tag }] },
    });
    return { token, tag, segmentId: segment.saveSegment.id };
  },

  *iteration(h, data) {
    const saved = yield* graphql(h, data.token, SAVE_CAMPAIGN, {
      input: {
        name: `Load test ${data.tag} #${h.iteration + 1}`,
        channel: 'email',
        segmentId: data.segmentId,
        subject: 'This week at the salon',
        html: '<p>Hello! A few times are still free this week.</p>',
        text: 'Hello! A few times are still free this week.',
      },
    });
    const started = h.now().getTime();
    yield* graphql(h, data.token, SCHEDULE_CAMPAIGN, { id: saved.saveCampaign.id });
    const limit = started + Number(h.env('CAMPAIGN_TIMEOUT_SECONDS', '300')) * 1000;
    for (;;) {
      const read = yield* graphql(h, data.token, CAMPAIGN, { id: saved.saveCampaign.id });
      const { state, stats } = read.campaign;
      const done = state === 'sent' && stats.sent + stats.failed + stats.skipped >= stats.recipients;
      if (done) {
        h.trend('campaign_completion', h.now().getTime() - started);
        h.check(read, { 'campaign sent to everyone it could': () => stats.failed === 0 });
        return;
      }
      if (state === 'cancelled' || h.now().getTime() > limit) {
        h.check(read, { 'campaign sent to everyone it could': () => false });
        return;
      }
      yield h.sleep(1);
    }
  },
};

const SAVE_SEGMENT = 'mutation SaveSegment($input: SaveSegmentInput!) { saveSegment(input: $input) { id } }';
const SAVE_CAMPAIGN = 'mutation SaveCampaign($input: SaveCampaignInput!) { saveCampaign(input: $input) { id } }';
const SCHEDULE_CAMPAIGN = 'mutation ScheduleCampaign($id: ID!) { scheduleCampaign(id: $id, sendAt: null) { id state } }';
const CAMPAIGN = 'query Campaign($id: ID!) { campaign(id: $id) { state stats { recipients sent failed skipped } } }';

/** A GraphQL call through the gateway; its data, or the scenario stops with the errors. */
function* graphql(h, token, query, variables) {
  const res = yield h.post('/graphql', { query, variables }, { token, name: 'graphql' });
  const ok = res.status === 200 && res.json && !res.json.errors;
  h.check(res, { 'graphql answers without errors': () => ok });
  if (!ok) h.fail(`GraphQL answered ${res.status}: ${res.body}`);
  return res.json.data;
}
