import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { resolvableEntityTypes } from '@salon/nest-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SnsClient } from '../modules/webhooks/sns/sns-client.js';
import { startTwilioPeer, twilioSignature, type TwilioPeer } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';
import { selfSignedCertificate, signedSnsMessage } from './sns-fixtures.js';

let t: MessagingTestApp;
let peer: TwilioPeer;
const tokens: Record<string, string> = {};
const AUTH_TOKEN = 'test-twilio-auth-token';
const http = () => request(t.app.getHttpServer());
const cert = selfSignedCertificate();
/** The fixtures' topic (signedSnsMessage's default), configured as ours. */
const OUR_TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-notifications';
const FOREIGN_TOPIC = 'arn:aws:sns:us-east-1:999999999999:someone-elses-topic';

async function gql(as: string | null, query: string, variables: Record<string, unknown> = {}) {
  const req = http().post('/graphql').send({ query, variables });
  if (as) req.set('Authorization', `Bearer ${tokens[as]}`);
  return (await req).body as { data?: Record<string, any>; errors?: { message: string; extensions: { code: string; field?: string } }[] };
}

const statusOf = async (id: string) => (await t.sql<{ status: string }>('SELECT status FROM messages WHERE id = $1', [id]))[0].status;
const reachStatus = (id: string, status: string) => waitFor(async () => (await statusOf(id)) === status, `message ${id} to be ${status}`);

function inbound(params: Record<string, string>, signature?: string) {
  const req = http().post('/api/webhooks/twilio/inbound').type('form').send(params);
  if (signature !== undefined) req.set('X-Twilio-Signature', signature);
  return req;
}
const signedInbound = (params: Record<string, string>) =>
  inbound(params, twilioSignature(AUTH_TOKEN, `${t.url}/api/webhooks/twilio/inbound`, params));

beforeAll(async () => {
  peer = await startTwilioPeer({ port: 0, authToken: AUTH_TOKEN });
  t = await startMessaging('api', {
    EMAIL_PROVIDER: 'log',
    SMS_PROVIDER: 'twilio',
    TWILIO_API_URL: peer.url,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    SMS_PER_SENDER_PER_SECOND: '50',
    SES_SNS_TOPIC_ARNS: `${OUR_TOPIC}, arn:aws:sns:eu-west-1:123456789012:ses-eu`,
  });
  for (const role of ['admin', 'staff', 'client'] as const) tokens[role] = await t.token(role);
  // The certificate fetch is the only thing replaced: verification itself runs for real.
  vi.spyOn(t.app.get(SnsClient), 'certificate').mockImplementation(async () => cert.certPem);
});
afterAll(async () => {
  await t?.close();
  await peer?.stop();
});

describe('subgraph schema', () => {
  it('matches the checked-in schema.graphql the gateway composes (UPDATE_SCHEMA=1 rewrites it)', async () => {
    const res = await gql(null, '{ _service { sdl } }');
    const sdl = res.data!._service.sdl as string;
    const file = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(file, `${sdl.trim()}\n`);
    expect(`${sdl.trim()}\n`).toBe(readFileSync(file, 'utf8'));
  });

  // Its federation references would be reads of its data by anyone who can call `_entities`: an
  // entity added here needs a read rule in its reference resolver (the rule of its REST route) and
  // a test like identity's and clients' "has a rule for every resolvable entity".
  it('resolves no entity of its own through _entities', async () => {
    expect(resolvableEntityTypes((await gql(null, '{ _service { sdl } }')).data!._service.sdl as string)).toEqual([]);
  });
});

describe('message log and test sends (admin only)', () => {
  it('keeps every query and mutation admin-only', async () => {
    for (const who of ['staff', 'client']) {
      expect((await gql(who, '{ messages { id } }')).errors![0].extensions.code).toBe('FORBIDDEN');
      expect((await gql(who, 'mutation { sendTestEmail(to: "a@example.com") { id } }')).errors![0].extensions.code).toBe('FORBIDDEN');
      expect((await gql(who, '{ deliverySettings { emailProvider } }')).errors![0].extensions.code).toBe('FORBIDDEN');
    }
    expect((await gql(null, '{ messages { id } }')).errors![0].extensions.code).toBe('UNAUTHENTICATED');
    await http().get('/api/messages').set('Authorization', `Bearer ${tokens.staff}`).expect(403);
    await http().get('/api/messages').expect(401);
  });

  it('sends a test e-mail through the pipeline and shows its status change', async () => {
    const sent = await gql('admin', 'mutation { sendTestEmail(to: "owner@example.com") { id status channel recipient purpose } }');
    const message = sent.data!.sendTestEmail;
    expect(message).toMatchObject({ status: 'queued', channel: 'email', recipient: 'owner@example.com', purpose: 'test' });
    await reachStatus(message.id, 'delivered'); // the log e-mail provider delivers on the spot
    const read = await gql('admin', 'query($id: ID!) { message(id: $id) { status provider sentAt deliveredAt attempts } }', {
      id: message.id,
    });
    expect(read.data!.message).toMatchObject({ status: 'delivered', provider: 'log', attempts: 1 });
    // Views carry ISO strings: the DateTime scalar must print them (Nest's own gave null, and an error on a non-null field).
    expect(read.data!.message.sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(read.data!.message.deliveredAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const listed = await gql('admin', '{ messages { id queuedAt updatedAt } }');
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.messages[0].queuedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const list = await http().get('/api/messages?limit=5').set('Authorization', `Bearer ${tokens.admin}`).expect(200);
    expect(list.body[0]).toMatchObject({ id: message.id, status: 'delivered' });
  });

  it('names a bad recipient', async () => {
    const res = await gql('admin', 'mutation { sendTestSms(to: "hello") { id } }');
    expect(res.errors![0]).toMatchObject({
      message: 'to: must be a phone number such as +1 555 010 2000',
      extensions: { code: 'BAD_USER_INPUT', field: 'to' },
    });
  });

  it('tells the page which providers run', async () => {
    const res = await gql('admin', '{ deliverySettings { emailProvider smsProvider emailPreviewUrl } }');
    expect(res.data!.deliverySettings).toEqual({ emailProvider: 'log', smsProvider: 'twilio', emailPreviewUrl: null });
  });
});

describe('Twilio webhooks', () => {
  it('rejects unsigned and wrongly signed requests with 403', async () => {
    const params = { From: '+13125550199', Body: 'STOP' };
    expect((await inbound(params).expect(403)).body).toEqual({ error: 'Invalid Twilio signature' });
    await inbound(params, twilioSignature('wrong-token', `${t.url}/api/webhooks/twilio/inbound`, params)).expect(403);
    await inbound({ ...params, Body: 'START' }, twilioSignature(AUTH_TOKEN, `${t.url}/api/webhooks/twilio/inbound`, params)).expect(403);
    await http().post('/api/webhooks/twilio/status').type('form').send({ MessageSid: 'SMx', MessageStatus: 'delivered' }).expect(403);
    expect(await t.sql('SELECT * FROM sms_consent')).toEqual([]);
  });

  it('stops texting a number that replied STOP until it replies START', async () => {
    const from = '+13125550142';
    const stop = await signedInbound({ From: from, To: '+15005550006', Body: 'Stop', MessageSid: 'SMin1' }).expect(200);
    expect(stop.headers['content-type']).toMatch(/text\/xml/);
    expect(stop.text).toContain('<Response></Response>');
    const blocked = (await gql('admin', 'mutation { sendTestSms(to: "(312) 555-0142") { id } }')).data!.sendTestSms;
    await reachStatus(blocked.id, 'suppressed');
    expect(peer.messages().filter((m) => m.to === from)).toHaveLength(0);

    await signedInbound({ From: from, To: '+15005550006', Body: 'START', MessageSid: 'SMin2' }).expect(200);
    const allowed = (await gql('admin', 'mutation { sendTestSms(to: "+13125550142") { id } }')).data!.sendTestSms;
    await reachStatus(allowed.id, 'sent');
    expect(peer.messages().filter((m) => m.to === from)).toHaveLength(1);
  });

  it('publishes each STOP/START as an opt-out/opt-in event for the clients service, and Twilio’s 21610 as an opt-out without keyword', async () => {
    const events = async (phone: string) =>
      (
        await t.sql<{ type: string; payload: Record<string, unknown> }>(
          `SELECT type, envelope->'payload' AS payload FROM outbox WHERE aggregate_id = $1 ORDER BY seq`,
          [phone],
        )
      ).map((e) => [e.type, e.payload.phone, e.payload.keyword]);
    await signedInbound({ From: '+13125550144', Body: 'unsubscribe', MessageSid: 'SMin4' }).expect(200);
    await signedInbound({ From: '+13125550144', Body: 'Unstop.', MessageSid: 'SMin5' }).expect(200);
    expect(await events('+13125550144')).toEqual([
      ['messaging.sms.opted-out.v1', '+13125550144', 'UNSUBSCRIBE'],
      ['messaging.sms.opted-in.v1', '+13125550144', 'UNSTOP'],
    ]);
    // An ordinary reply is not a keyword: nothing recorded, nothing published.
    await signedInbound({ From: '+13125550143', Body: 'stop by at 5?', MessageSid: 'SMin3' }).expect(200);
    expect(await events('+13125550143')).toEqual([]);

    const unsubscribed = '+13125550160';
    peer.optOut(unsubscribed);
    const refused = (await gql('admin', `mutation { sendTestSms(to: "${unsubscribed}") { id } }`)).data!.sendTestSms;
    await reachStatus(refused.id, 'suppressed');
    expect(await t.sql('SELECT opted_out, source FROM sms_consent WHERE phone = $1', [unsubscribed])).toEqual([
      { opted_out: true, source: 'provider' },
    ]);
    expect(await events(unsubscribed)).toEqual([['messaging.sms.opted-out.v1', unsubscribed, null]]);
  });

  it('moves a sent SMS to delivered on Twilio’s signed status callback, and to failed on undelivered', async () => {
    const first = (await gql('admin', 'mutation { sendTestSms(to: "+13125550150") { id } }')).data!.sendTestSms;
    const second = (await gql('admin', 'mutation { sendTestSms(to: "+13125550151") { id } }')).data!.sendTestSms;
    await reachStatus(first.id, 'sent');
    await reachStatus(second.id, 'sent');
    const sid = (to: string) => peer.messages().find((m) => m.to === to)!.sid;
    expect((await peer.sendStatusCallback(sid('+13125550150'), 'delivered')).status).toBe(204);
    await reachStatus(first.id, 'delivered');
    // A late "sent" report does not move it back.
    await peer.sendStatusCallback(sid('+13125550150'), 'sent');
    expect(await statusOf(first.id)).toBe('delivered');
    await peer.sendStatusCallback(sid('+13125550151'), 'undelivered', {
      extra: { ErrorCode: '30003', ErrorMessage: 'Unreachable destination handset' },
    });
    await reachStatus(second.id, 'failed');
    const [row] = await t.sql<{ last_error: string }>('SELECT last_error FROM messages WHERE id = $1', [second.id]);
    expect(row.last_error).toBe('Twilio error 30003: Unreachable destination handset');
    // Signed with the wrong token: refused.
    expect((await peer.sendStatusCallback(sid('+13125550151'), 'delivered', { token: 'nope' })).status).toBe(403);
  });
});

describe('SES notifications through SNS', () => {
  async function sentEmail() {
    const message = (await gql('admin', 'mutation { sendTestEmail(to: "bounce@example.com") { id } }')).data!.sendTestEmail;
    await reachStatus(message.id, 'delivered');
    // Pretend SES took it (the log provider answered); give it an SES id to be reported on.
    await t.sql(`UPDATE messages SET provider = 'ses', provider_message_id = $2, status = 'sent', delivered_at = NULL WHERE id = $1`, [
      message.id,
      `ses-${message.id}`,
    ]);
    return message.id as string;
  }
  const post = (body: unknown) =>
    http().post('/api/webhooks/ses').set('content-type', 'text/plain; charset=UTF-8').send(JSON.stringify(body));

  it('accepts a correctly signed Delivery and Bounce and updates the message', async () => {
    const id = await sentEmail();
    const delivery = signedSnsMessage(cert.keyPem, {
      Message: JSON.stringify({ notificationType: 'Delivery', mail: { messageId: `ses-${id}`, tags: { message_id: [id] } } }),
    });
    expect((await post(delivery).expect(200)).body).toEqual({ ok: true, status: 'delivered' });
    const bounce = signedSnsMessage(
      cert.keyPem,
      {
        Message: JSON.stringify({
          notificationType: 'Bounce',
          mail: { messageId: `ses-${id}` },
          bounce: { bounceType: 'Permanent', bouncedRecipients: [{}] },
        }),
      },
      '1',
    );
    expect((await post(bounce).expect(200)).body).toEqual({ ok: true, status: 'failed' });
  });

  it('rejects a tampered, unsigned or foreign-certificate message with 403 and changes nothing', async () => {
    const id = await sentEmail();
    const good = signedSnsMessage(cert.keyPem, {
      Message: JSON.stringify({ notificationType: 'Delivery', mail: { messageId: `ses-${id}` } }),
    });
    const tampered = { ...good, Message: good.Message.replace('Delivery', 'Bounce') };
    expect((await post(tampered).expect(403)).body).toEqual({ error: 'Invalid SNS signature' });
    await post({ ...good, Signature: undefined }).expect(403);
    await post({ ...good, SigningCertURL: 'https://attacker.example.com/cert.pem' }).expect(403);
    await post(signedSnsMessage(selfSignedCertificate().keyPem, { Message: good.Message })).expect(403);
    await http().post('/api/webhooks/ses').send('not json').expect(403);
    expect(await statusOf(id)).toBe('sent');
  });

  it('confirms a signed subscription only through an allowlisted SubscribeURL', async () => {
    const confirm = vi.spyOn(t.app.get(SnsClient), 'confirmSubscription').mockResolvedValue();
    const fields = { Type: 'SubscriptionConfirmation', Message: 'You have chosen to subscribe', Token: 'tok' };
    await post(
      signedSnsMessage(cert.keyPem, {
        ...fields,
        SubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=tok',
      }),
    ).expect(200);
    await post(signedSnsMessage(cert.keyPem, { ...fields, SubscribeURL: 'https://169.254.169.254/latest/meta-data' })).expect(200);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=tok');
  });

  it('refuses a signed message from a topic not in SES_SNS_TOPIC_ARNS with 403 and changes nothing', async () => {
    const id = await sentEmail();
    const delivery = signedSnsMessage(cert.keyPem, {
      TopicArn: FOREIGN_TOPIC,
      Message: JSON.stringify({ notificationType: 'Delivery', mail: { messageId: `ses-${id}` } }),
    });
    expect((await post(delivery).expect(403)).body).toEqual({ error: `SNS topic ${FOREIGN_TOPIC} is not accepted` });
    expect(await statusOf(id)).toBe('sent');
    // The same message from our topic goes through, so the topic was the only reason.
    const ours = signedSnsMessage(cert.keyPem, { TopicArn: OUR_TOPIC, Message: delivery.Message });
    expect((await post(ours).expect(200)).body).toEqual({ ok: true, status: 'delivered' });
  });

  it('does not confirm a subscription to a topic not in SES_SNS_TOPIC_ARNS', async () => {
    const confirm = vi.spyOn(t.app.get(SnsClient), 'confirmSubscription').mockResolvedValue();
    confirm.mockClear();
    const subscription = {
      Type: 'SubscriptionConfirmation',
      Message: 'You have chosen to subscribe',
      Token: 'tok',
      SubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=tok',
    };
    await post(signedSnsMessage(cert.keyPem, { ...subscription, TopicArn: FOREIGN_TOPIC })).expect(403);
    expect(confirm).not.toHaveBeenCalled();
    await post(signedSnsMessage(cert.keyPem, { ...subscription, TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-eu' })).expect(200);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('refuses a correctly signed message more than an hour old (a replay)', async () => {
    const id = await sentEmail();
    const Message = JSON.stringify({
      notificationType: 'Bounce',
      mail: { messageId: `ses-${id}` },
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{}] },
    });
    const replayed = signedSnsMessage(cert.keyPem, { Message, Timestamp: new Date(Date.now() - 61 * 60_000).toISOString() });
    expect((await post(replayed).expect(403)).body).toEqual({ error: 'SNS message is more than an hour old' });
    expect(await statusOf(id)).toBe('sent');
    const retried = signedSnsMessage(cert.keyPem, { Message, Timestamp: new Date(Date.now() - 50 * 60_000).toISOString() });
    expect((await post(retried).expect(200)).body).toEqual({ ok: true, status: 'failed' });
  });
});
