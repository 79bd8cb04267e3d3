import { describe, expect, it } from 'vitest';
import { renderResetEmail, renderResetSms, resetLink } from './password-reset-message.js';

describe('password reset messages', () => {
  it('builds the reset link on the public URL with the token encoded', () => {
    expect(resetLink('http://localhost:4000/', 'a+b/c')).toBe('http://localhost:4000/reset-password?token=a%2Bb%2Fc');
  });

  it('writes a friendly e-mail naming the business, the link and its 60-minute validity', () => {
    const email = renderResetEmail({ businessName: 'Willow & Sage', firstName: 'Ana', link: 'http://x/reset-password?token=t1' });
    expect(email.subject).toBe('Reset your Willow & Sage password');
    expect(email.text).toContain('Hi Ana,');
    expect(email.text).toContain('http://x/reset-password?token=t1');
    expect(email.text).toContain('valid for 60 minutes');
    expect(email.html).toContain('href="http://x/reset-password?token=t1"');
    expect(email.html).toContain('Willow &amp; Sage');
    expect(email.html).toContain('valid for 60 minutes');
  });

  it('greets without a name and escapes what it puts into HTML', () => {
    const email = renderResetEmail({ businessName: '<script>', firstName: null, link: 'http://x/?a="b"' });
    expect(email.text.startsWith('Hi,')).toBe(true);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&quot;b&quot;');
  });

  it('writes the SMS exactly', () => {
    expect(renderResetSms({ businessName: 'Willow & Sage', code: '123456' })).toBe(
      "Willow & Sage: your password reset code is 123456. It expires in 10 minutes. If you didn't ask for it, ignore this message.",
    );
  });
});
