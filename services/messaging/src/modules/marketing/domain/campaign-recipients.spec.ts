import { describe, expect, it } from 'vitest';
import { decideRecipients, recipientClaims, type CampaignCandidate, type RecipientFacts } from './campaign-recipients.js';

const now = new Date('2026-03-31T12:00:00Z');
const hoursAgo = (n: number) => new Date(now.getTime() - n * 3_600_000);
const yes = { granted: true, method: 'verbal' };
const no = { granted: false, method: 'unsubscribe-link' };
const client = (id: string, over: Partial<CampaignCandidate> = {}): CampaignCandidate => ({
  id,
  phone: '+13125550100',
  email: `${id}@Example.COM`,
  smsConsent: yes,
  emailConsent: yes,
  ...over,
});
const facts = (over: Partial<RecipientFacts> = {}): RecipientFacts => ({
  recorded: new Map(),
  unsubscribed: new Set(),
  recentSends: new Map(),
  blockedAddresses: new Set(),
  ...over,
});

describe('decideRecipients', () => {
  it('sends to a consenting client at the normalised address, and says why each other one gets nothing', () => {
    const page = [
      client('ana'),
      client('bo', { emailConsent: no }),
      client('cy', { email: null }),
      client('dee', { email: 'not an address' }),
      client('eve'),
      client('fin'),
      client('gus'),
    ];
    const decided = decideRecipients(
      'email',
      page,
      facts({
        blockedAddresses: new Set(['eve@example.com']),
        unsubscribed: new Set(['fin']),
        recentSends: new Map([['gus', [hoursAgo(1), hoursAgo(2), hoursAgo(23)]]]),
      }),
      3,
      now,
    );
    expect(decided).toEqual([
      { kind: 'send', clientId: 'ana', to: 'ana@example.com' },
      { kind: 'skip', clientId: 'bo', reason: 'the client has not consented to e-mails (unsubscribe-link)' },
      { kind: 'skip', clientId: 'cy', reason: 'no e-mail address' },
      { kind: 'skip', clientId: 'dee', reason: 'the e-mail address is not valid' },
      { kind: 'skip', clientId: 'eve', reason: 'the address is on the suppression list (a bounce or a complaint)' },
      { kind: 'skip', clientId: 'fin', reason: 'the client unsubscribed' },
      { kind: 'skip', clientId: 'gus', reason: 'the client had 3 messages in the last day' },
    ]);
  });

  it('counts only the last 24 hours against the cap', () => {
    const decided = decideRecipients(
      'email',
      [client('gus')],
      facts({ recentSends: new Map([['gus', [hoursAgo(1), hoursAgo(2), hoursAgo(25)]]]) }),
      3,
      now,
    );
    expect(decided[0]!.kind).toBe('send');
  });

  it('texts only a phone that has not replied STOP', () => {
    const page = [client('ana'), client('bo', { phone: '+13125550199' }), client('cy', { phone: null })];
    const decided = decideRecipients('sms', page, facts({ blockedAddresses: new Set(['+13125550199']) }), 3, now);
    expect(decided.map((d) => (d.kind === 'skip' ? d.reason : d.kind))).toEqual(['send', 'the phone replied STOP', 'no phone number']);
  });

  it('a client an earlier attempt claimed is queued again without a second check; a skipped one stays skipped', () => {
    const decided = decideRecipients(
      'email',
      [client('ana', { emailConsent: no }), client('bo')],
      facts({
        recorded: new Map([
          ['ana', { state: 'queued', messageId: null }],
          ['bo', { state: 'skipped', messageId: null }],
        ]),
        unsubscribed: new Set(['ana']),
      }),
      3,
      now,
    );
    expect(decided).toEqual([
      { kind: 'resend', clientId: 'ana', to: 'ana@example.com' },
      { kind: 'done', clientId: 'bo' },
    ]);
    expect(recipientClaims(decided)).toEqual([]);
  });

  it('claims a row for each new client, queued or skipped with its reason', () => {
    const decided = decideRecipients(
      'email',
      [client('ana'), client('bo', { emailConsent: { granted: false, method: null } })],
      facts(),
      3,
      now,
    );
    expect(recipientClaims(decided)).toEqual([
      { clientId: 'ana', state: 'queued', reason: null },
      { clientId: 'bo', state: 'skipped', reason: 'the client has not consented to e-mails' },
    ]);
  });
});
