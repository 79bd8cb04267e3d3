import { createSign } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snsStringToSign, type SnsMessage } from '../modules/webhooks/domain/sns-signature.js';

/** A throwaway self-signed certificate and its key (openssl), standing in for SNS's signing certificate. */
export function selfSignedCertificate(): { certPem: string; keyPem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sns-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=sns.us-east-1.amazonaws.com',
      ],
      { stdio: 'ignore' },
    );
    return { certPem: readFileSync(join(dir, 'cert.pem'), 'utf8'), keyPem: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const CERT_URL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-test.pem';

/** An SNS message signed the way SNS signs (SignatureVersion 1: SHA1, 2: SHA256). */
export function signedSnsMessage(keyPem: string, fields: Partial<SnsMessage> & { Message: string }, version: '1' | '2' = '2'): SnsMessage {
  const message: SnsMessage = {
    Type: 'Notification',
    MessageId: crypto.randomUUID(),
    TopicArn: 'arn:aws:sns:us-east-1:123456789012:ses-notifications',
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    Signature: '',
    SigningCertURL: CERT_URL,
    ...fields,
  };
  const signer = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  signer.update(snsStringToSign(message)!, 'utf8');
  return { ...message, Signature: signer.sign(keyPem, 'base64') };
}
