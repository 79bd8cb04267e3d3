import { describe, expect, it } from 'vitest';
import { campaignEmail, campaignSms, htmlToText } from './campaign-content.js';

describe('campaign content', () => {
  it('derives a plain-text part from the designed HTML', () => {
    const html =
      '<html><head><style>p{color:red}</style></head><body><h1>Spring offer</h1><p>20%&nbsp;off &amp; more</p><a href="https://x.test/book">Book now</a></body></html>';
    expect(htmlToText(html)).toBe('Spring offer\n20% off & more\nBook now (https://x.test/book)');
  });

  it('adds the unsubscribe link to both parts, inside the body', () => {
    const out = campaignEmail('<body><p>Hi</p></body>', null, 'https://salon.test/api/marketing/unsubscribe/u1.a.b');
    expect(out.html).toMatch(/<a href="https:\/\/salon\.test\/api\/marketing\/unsubscribe\/u1\.a\.b">Unsubscribe<\/a><\/p><\/body>$/);
    expect(out.text).toBe('Hi\n\nUnsubscribe: https://salon.test/api/marketing/unsubscribe/u1.a.b');
    expect(campaignEmail('<p>Hi</p>', 'Own text', 'u').text).toBe('Own text\n\nUnsubscribe: u');
  });

  it('a text carries the STOP footer once', () => {
    expect(campaignSms('20% off this week')).toBe('20% off this week\nReply STOP to opt out.');
    expect(campaignSms('Reply STOP to end')).toBe('Reply STOP to end');
  });
});
