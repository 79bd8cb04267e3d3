import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A secret (a reset token, a one-time code) that must travel inside a durable event to the
 * service that delivers it, without sitting in the outbox, the broker or the dead-letter stream
 * in clear. AES-256-GCM under a key both ends share (EVENT_SECRET_KEY); the databases keep only
 * hashes.
 */
export interface SealedSecret {
  v: 1;
  iv: string;
  data: string;
  tag: string;
}

function keyOf(secretKey: string): Buffer {
  return createHash('sha256').update(secretKey).digest();
}

export function sealSecret(plain: string, secretKey: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { v: 1, iv: iv.toString('base64'), data: data.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** Throws if the key is wrong or the sealed value was altered. */
export function openSecret(sealed: SealedSecret, secretKey: string): string {
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
}
