import { describe, expect, it } from 'vitest';
import { renderGiftCardEmail, safeColor, type GiftCardMessageInput } from './gift-card-message.js';

const input = (o: Partial<GiftCardMessageInput> = {}): GiftCardMessageInput => ({
  businessName: 'Willow & Sage',
  recipientName: 'Rosa',
  buyerName: 'Maya',
  message: 'Happy birthday!',
  amountMinor: 5000,
  currency: 'USD',
  code: 'ABCD-EFGH-JKMN-PQRS-TVWX',
  expiresAt: '2031-11-24T15:00:00.000Z',
  timeZone: 'America/Chicago',
  bookingLink: 'http://localhost:4000/booking',
  look: { primaryColor: '#0f766e', backgroundColor: '#ecfeff', logoUrl: 'https://cdn.example.com/logo.png' },
  ...o,
});

describe('the gift card e-mail', () => {
  it('names the sender, the amount, the code, the expiry (US rules: shown) and the booking link', () => {
    const e = renderGiftCardEmail(input());
    expect(e.subject).toBe('Maya sent you a $50.00 gift card to Willow & Sage');
    expect(e.text).toContain('Your code: ABCD-EFGH-JKMN-PQRS-TVWX');
    expect(e.text).toContain('Valid until Nov 24, 2031.');
    expect(e.text).toContain('"Happy birthday!"');
    expect(e.text).toContain('http://localhost:4000/booking');
  });

  it("in the salon's look: its colours and logo", () => {
    const e = renderGiftCardEmail(input());
    expect(e.html).toContain('background:#ecfeff');
    expect(e.html).toContain('color:#0f766e');
    expect(e.html).toContain('src="https://cdn.example.com/logo.png"');
  });

  it('never expiring, no note, no logo', () => {
    const e = renderGiftCardEmail(
      input({ expiresAt: null, message: null, look: { primaryColor: '#123', backgroundColor: '#fff', logoUrl: null } }),
    );
    expect(e.text).toContain('It never expires.');
    expect(e.text).not.toContain('"');
    expect(e.html).not.toContain('<img');
  });

  it('escapes what the buyer typed and refuses colours that are not hex', () => {
    const e = renderGiftCardEmail(
      input({
        message: '<script>x</script>',
        buyerName: 'M <b>',
        look: { primaryColor: 'red;background:url(x)', backgroundColor: '#fff', logoUrl: 'javascript:x' },
      }),
    );
    expect(e.html).not.toContain('<script>');
    expect(e.html).not.toContain('<b>');
    expect(e.html).not.toContain('url(x)');
    expect(e.html).not.toContain('javascript:');
    expect(safeColor('#abc', '#000')).toBe('#abc');
    expect(safeColor('rgb(0,0,0)', '#000')).toBe('#000');
  });
});
