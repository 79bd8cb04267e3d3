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

  it('tracks the designed links and opens, never the unsubscribe link, and keeps real addresses in the text part', () => {
    const tracking = { click: (href: string) => `https://t.test/c/${encodeURIComponent(href)}`, open: 'https://t.test/o' };
    const out = campaignEmail('<body><a href="https://x.test/book">Book</a></body>', null, 'https://salon.test/unsub', tracking);
    expect(out.html).toContain('<a href="https://t.test/c/https%3A%2F%2Fx.test%2Fbook">Book</a><img src="https://t.test/o"');
    expect(out.html).toContain('<a href="https://salon.test/unsub">Unsubscribe</a>');
    expect(out.text).toBe('Book (https://x.test/book)\n\nUnsubscribe: https://salon.test/unsub');
  });

  it('a text carries the STOP footer once', () => {
    expect(campaignSms('20% off this week')).toBe('20% off this week\nReply STOP to opt out.');
    expect(campaignSms('Reply STOP to end')).toBe('Reply STOP to end');
  });
});
