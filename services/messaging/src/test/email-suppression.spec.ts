import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SnsClient } from '../modules/webhooks/sns/sns-client.js';
import { startLocalSes, type LocalSes } from './local-peers.js';
import { startMessaging, waitFor, type MessagingTestApp } from './messaging-app.js';
import { selfSignedCertificate, signedSnsMessage } from './sns-fixtures.js';

/**
 * The e-mail suppression list through the real webhook (SNS signature verified), PostgreSQL, the
 * delivery worker and the local SES server: a permanent bounce or a complaint suppresses the
 * address, the next e-mail to it is not sent and says why, and an admin can take it off again.
 */
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-notifications';
const cert = selfSignedCertificate();
let t: MessagingTestApp;
let ses: LocalSes;
const tokens: Record<string, string> = {};

async function gql(as: 'admin' | 'staff', query: string, variables: Record<string, unknown> = {}) {
  const res = await request(t.app.getHttpServer()).post('/graphql').set('Authorization', `Bearer ${tokens[as]}`).send({ query, variables });
  return res.body as { data?: Record<string, any>; errors?: { message: string; extensions: { code: string } }[] };
}
const finished = (id: string) =>
  waitFor(async () => {
    const [m] = await t.sql<{ status: string; last_error: string | null; provider_message_id: string | null }>(
      'SELECT status, last_error, provider_message_id FROM messages WHERE id = $1',
      [id],
    );
    return m && ['sent', 'delivered', 'failed', 'suppressed'].includes(m.status) ? m : null;
  }, `message ${id} finished`);
async function sendTo(address: string) {
  const res = await gql('admin', 'mutation($to: String!) { sendTestEmail(to: $to) { id } }', { to: address });
  expect(res.errors).toBeUndefined();
  return finished(res.data!.sendTestEmail.id as string);
}
const received = async (address: string) => (await ses.emails()).filter((e) => e.destination.to.includes(address)).length;
const notify = (notification: object) =>
  request(t.app.getHttpServer())
    .post('/api/webhooks/ses')
    .set('content-type', 'text/plain; charset=UTF-8')
    .send(JSON.stringify(signedSnsMessage(cert.keyPem, { TopicArn: TOPIC, Message: JSON.stringify(notification) })))
    .expect(200);

beforeAll(async () => {
  ses = await startLocalSes({ port: 0 });
  t = await startMessaging('suppression', { EMAIL_PROVIDER: 'ses', SES_ENDPOINT: ses.url, SES_SNS_TOPIC_ARNS: TOPIC });
  for (const role of ['admin', 'staff'] as const) tokens[role] = await t.token(role);
  vi.spyOn(t.app.get(SnsClient), 'certificate').mockImplementation(async () => cert.certPem);
});
afterAll(async () => {
  await t?.close();
  await ses?.stop();
});

describe('e-mail suppression list', () => {
  it('a permanent bounce suppresses the address: the next e-mail is skipped with the reason, until an admin removes it', async () => {
    const first = await sendTo('gone@example.com');
    expect(first.status).toBe('sent');
    expect(await received('gone@example.com')).toBe(1);

    const bounce = {
      notificationType: 'Bounce',
      mail: { messageId: first.provider_message_id },
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [{ emailAddress: 'Gone@Example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
      },
    };
    await notify(bounce);
    await notify(bounce); // SNS delivers again: still one entry
    const list = await gql('admin', '{ emailSuppressions { address reason detail createdAt } }');
    expect(list.data!.emailSuppressions).toEqual([
      expect.objectContaining({ address: 'gone@example.com', reason: 'bounce', detail: 'Permanent/General: smtp; 550 5.1.1 user unknown' }),
    ]);

    const second = await sendTo('gone@example.com');
    expect(second.status).toBe('suppressed');
    expect(second.last_error).toMatch(/^The address is on the suppression list: it bounced on \d{4}-\d{2}-\d{2} \(Permanent\/General/);
    expect(await received('gone@example.com')).toBe(1);

    const staff = await gql('staff', 'mutation { removeEmailSuppression(address: "gone@example.com") }');
    expect(staff.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const removed = await gql('admin', 'mutation { removeEmailSuppression(address: "GONE@example.com") }');
    expect(removed.data!.removeEmailSuppression).toBe(true);
    expect((await sendTo('gone@example.com')).status).toBe('sent');
    expect(await received('gone@example.com')).toBe(2);
    const again = await gql('admin', 'mutation { removeEmailSuppression(address: "gone@example.com") }');
    expect(again.errors?.[0]?.extensions.code, JSON.stringify(again)).toBe('NOT_FOUND');
  });

  it('a complaint suppresses the address; a transient bounce does not', async () => {
    await notify({
      notificationType: 'Complaint',
      mail: { messageId: 'ses-x' },
      complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: 'angry@example.com' }] },
    });
    await notify({
      notificationType: 'Bounce',
      mail: { messageId: 'ses-y' },
      bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull', bouncedRecipients: [{ emailAddress: 'full@example.com' }] },
    });
    expect((await sendTo('angry@example.com')).last_error).toContain('complained (marked an e-mail as spam)');
    expect((await sendTo('full@example.com')).status).toBe('sent');
    const list = await gql('admin', '{ emailSuppressions { address reason } }');
    expect(list.data!.emailSuppressions).toEqual([{ address: 'angry@example.com', reason: 'complaint' }]);
    expect((await gql('staff', '{ emailSuppressions { address } }')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });
});
