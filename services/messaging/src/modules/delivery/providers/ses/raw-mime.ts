import { randomBytes } from 'node:crypto';

export interface RawEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

/** RFC 2047 encoded-word for a header value outside plain ASCII. */
function headerValue(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(clean) ? clean : `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

function base64Lines(body: string): string {
  return (
    Buffer.from(body, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g)
      ?.join('\r\n') ?? ''
  );
}

/**
 * A MIME message (text, or text and HTML as multipart/alternative) with extra headers, for SES's
 * SendRawEmail: the simple SendEmail call of SES v1 cannot carry List-Unsubscribe. Bodies are
 * base64 so any character and line length is safe.
 */
export function buildRawEmail(email: RawEmail, boundary = `b_${randomBytes(12).toString('hex')}`): string {
  const lines = [
    `From: ${headerValue(email.from)}`,
    `To: ${headerValue(email.to)}`,
    `Subject: ${headerValue(email.subject)}`,
    'MIME-Version: 1.0',
    ...Object.entries(email.headers).map(([name, value]) => `${name}: ${headerValue(value)}`),
  ];
  const part = (type: string, body: string) =>
    [`Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join('\r\n');
  if (!email.html) return [...lines, part('text/plain', email.text), ''].join('\r\n');
  return [
    ...lines,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    part('text/plain', email.text),
    `--${boundary}`,
    part('text/html', email.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
