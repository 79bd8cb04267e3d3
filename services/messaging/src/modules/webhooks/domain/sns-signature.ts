import { createVerify, X509Certificate } from 'node:crypto';

/** The fields of an SNS HTTP(S) message that matter here (https://docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html). */
export interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

const NOTIFICATION_KEYS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const SUBSCRIPTION_KEYS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const;

/** The exact text SNS signed: "Key\nValue\n" for each signed key present, in this order. */
export function snsStringToSign(message: SnsMessage): string | null {
  const keys =
    message.Type === 'Notification'
      ? NOTIFICATION_KEYS
      : message.Type === 'SubscriptionConfirmation' || message.Type === 'UnsubscribeConfirmation'
        ? SUBSCRIPTION_KEYS
        : null;
  if (!keys) return null;
  let text = '';
  for (const key of keys) {
    const value = message[key];
    if (value === undefined) {
      if (key === 'Subject') continue; // the only optional signed key
      return null;
    }
    text += `${key}\n${value}\n`;
  }
  return text;
}

/** Why SNS's URL (certificate or SubscribeURL) must not be visited: not https, or a host outside the allowlist. */
export function snsUrlProblem(url: string, allowedHosts: readonly string[]): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol !== 'https:') return 'must use https';
  if (!allowedHosts.some((pattern) => hostMatches(parsed.hostname.toLowerCase(), pattern))) return `host ${parsed.hostname} is not allowed`;
  return null;
}

export function certificateUrlProblem(url: string, allowedHosts: readonly string[]): string | null {
  const problem = snsUrlProblem(url, allowedHosts);
  if (problem) return `SigningCertURL ${problem}`;
  return new URL(url).pathname.endsWith('.pem') ? null : 'SigningCertURL must name a .pem file';
}

/** `*` matches exactly one DNS label, so sns.*.amazonaws.com does not match evil.com/sns.x.amazonaws.com. */
export function hostMatches(host: string, pattern: string): boolean {
  const h = host.split('.');
  const p = pattern.split('.');
  return h.length === p.length && p.every((label, i) => (label === '*' ? /^[a-z0-9-]+$/.test(h[i]) : label === h[i]));
}

/** RSA signature over the string to sign: SHA1 for SignatureVersion 1, SHA256 for 2. */
export function verifySnsSignature(message: SnsMessage, certificatePem: string): boolean {
  const text = snsStringToSign(message);
  const algorithm = message.SignatureVersion === '1' ? 'RSA-SHA1' : message.SignatureVersion === '2' ? 'RSA-SHA256' : null;
  if (!text || !algorithm || typeof message.Signature !== 'string') return false;
  try {
    const certificate = new X509Certificate(certificatePem);
    const now = Date.now();
    if (Date.parse(certificate.validFrom) > now || Date.parse(certificate.validTo) < now) return false;
    return createVerify(algorithm).update(text, 'utf8').verify(certificate.publicKey, message.Signature, 'base64');
  } catch {
    return false;
  }
}

export function isSnsMessage(value: unknown): value is SnsMessage {
  const v = value as Record<string, unknown> | null;
  return (
    !!v &&
    ['Type', 'MessageId', 'TopicArn', 'Message', 'Timestamp', 'SignatureVersion', 'Signature', 'SigningCertURL'].every(
      (k) => typeof v[k] === 'string',
    )
  );
}
