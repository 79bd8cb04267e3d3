import { describe, expect, it } from 'vitest';
import { isTrackableUrl, signTrackingToken, trackEmailHtml, verifyTrackingToken } from './tracking.js';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const SECRET = 'test-secret-of-enough-length-000000000000';
const click = { kind: 'click' as const, campaignId: 'camp-1', clientId: 'c-ana', url: 'https://salon.example/book?x=1&y=2' };

describe('tracking tokens', () => {
  it('round-trips an open and a click', () => {
    const open = { kind: 'open' as const, campaignId: 'camp-1', clientId: 'c-ana' };
    expect(verifyTrackingToken(SECRET, signTrackingToken(SECRET, open))).toEqual(open);
    expect(verifyTrackingToken(SECRET, signTrackingToken(SECRET, click))).toEqual(click);
  });

  it('refuses another secret, an altered payload, a cut token and another version', () => {
    const token = signTrackingToken(SECRET, click);
    const [v, payload, mac] = token.split('.') as [string, string, string];
    const other = Buffer.from(JSON.stringify(['c', 'camp-1', 'c-bea', click.url])).toString('base64url');
    const evil = Buffer.from(JSON.stringify(['c', 'camp-1', 'c-ana', 'https://evil.example'])).toString('base64url');
    expect(verifyTrackingToken('another-secret-of-enough-length-00000000', token)).toBeNull();
    expect(verifyTrackingToken(SECRET, `${v}.${other}.${mac}`)).toBeNull();
    expect(verifyTrackingToken(SECRET, `${v}.${evil}.${mac}`)).toBeNull();
    expect(verifyTrackingToken(SECRET, `${v}.${payload}`)).toBeNull();
    expect(verifyTrackingToken(SECRET, `t2.${payload}.${mac}`)).toBeNull();
  });

  it('is not interchangeable with an unsubscribe token', () => {
    const unsub = signUnsubscribeToken(SECRET, { campaignId: 'camp-1', clientId: 'c-ana', channel: 'email' });
    expect(verifyTrackingToken(SECRET, unsub.replace(/^u1/, 't1'))).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, signTrackingToken(SECRET, click).replace(/^t1/, 'u1'))).toBeNull();
  });

  it('never signs its way to a non-web address', () => {
    expect(isTrackableUrl('javascript:alert(1)')).toBe(false);
    expect(isTrackableUrl('mailto:a@b.c')).toBe(false);
    expect(verifyTrackingToken(SECRET, signTrackingToken(SECRET, { ...click, url: 'javascript:alert(1)' }))).toBeNull();
  });
});

describe('trackEmailHtml', () => {
  const urls = { click: (href: string) => `https://t.example/c?u=${encodeURIComponent(href)}`, open: 'https://t.example/o' };

  it('sends web links through the tracker and adds the pixel before </body>', () => {
    const html = '<body><a class="b" href="https://salon.example/book?x=1&amp;y=2">Book</a> <a href=\'http://a.example\'>A</a></body>';
    expect(trackEmailHtml(html, urls)).toBe(
      '<body><a class="b" href="https://t.example/c?u=https%3A%2F%2Fsalon.example%2Fbook%3Fx%3D1%26y%3D2">Book</a> ' +
        "<a href='https://t.example/c?u=http%3A%2F%2Fa.example'>A</a>" +
        '<img src="https://t.example/o" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px"></body>',
    );
  });

  it('leaves mailto, tel, anchors and kept links alone, and appends the pixel without a body', () => {
    const html = '<a href="mailto:x@y.z">m</a><a href="tel:+1">t</a><a href="#top">a</a><a href="https://keep.example/u">u</a>';
    const out = trackEmailHtml(html, urls, (href) => href.startsWith('https://keep.example'));
    expect(out.startsWith(html)).toBe(true);
    expect(
      out.endsWith('<img src="https://t.example/o" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">'),
    ).toBe(true);
  });
});
