import { describe, expect, it } from 'vitest';
import { buildRawEmail } from './raw-mime.js';

describe('raw MIME e-mail', () => {
  it('carries the extra headers and both parts', () => {
    const raw = buildRawEmail(
      {
        from: 'Salon <no-reply@salon.test>',
        to: 'ana@example.com',
        subject: 'Spring — 20% off',
        text: 'Hi Ana',
        html: '<p>Hi Ana</p>',
        headers: { 'List-Unsubscribe': '<https://salon.test/u/t>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
      'BOUNDARY',
    );
    expect(raw).toContain('\r\nList-Unsubscribe: <https://salon.test/u/t>\r\n');
    expect(raw).toContain('\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n');
    expect(raw).toContain(`Subject: =?UTF-8?B?${Buffer.from('Spring — 20% off').toString('base64')}?=`);
    expect(raw).toContain('Content-Type: multipart/alternative; boundary="BOUNDARY"');
    expect(raw).toContain(Buffer.from('<p>Hi Ana</p>').toString('base64'));
    expect(raw.endsWith('--BOUNDARY--\r\n')).toBe(true);
  });

  it('a header value cannot smuggle another header', () => {
    const raw = buildRawEmail({ from: 'a@x.test', to: 'b@x.test', subject: 'Hi\r\nBcc: evil@x.test', text: 't', html: null, headers: {} });
    expect(raw).not.toMatch(/\r\nBcc:/);
  });
});
