import { describe, expect, it } from 'vitest';
import { CERT_URL, selfSignedCertificate, signedSnsMessage } from '../../../test/sns-fixtures.js';
import { certificateUrlProblem, hostMatches, snsStringToSign, verifySnsSignature } from './sns-signature.js';

const { certPem, keyPem } = selfSignedCertificate();
const other = selfSignedCertificate();

describe('SNS signature verification', () => {
  it('builds the string to sign for notifications, with Subject only when present', () => {
    const base = {
      Type: 'Notification',
      MessageId: 'm',
      TopicArn: 't',
      Message: 'hello',
      Timestamp: 'ts',
      SignatureVersion: '1',
      Signature: '',
      SigningCertURL: CERT_URL,
    };
    expect(snsStringToSign(base)).toBe('Message\nhello\nMessageId\nm\nTimestamp\nts\nTopicArn\nt\nType\nNotification\n');
    expect(snsStringToSign({ ...base, Subject: 's' })).toContain('Subject\ns\nTimestamp');
    expect(snsStringToSign({ ...base, Type: 'SubscriptionConfirmation' })).toBeNull(); // needs SubscribeURL and Token
    expect(snsStringToSign({ ...base, Type: 'Other' })).toBeNull();
  });

  it('accepts version 1 and 2 signatures made with the certificate’s key', () => {
    expect(verifySnsSignature(signedSnsMessage(keyPem, { Message: 'a' }, '1'), certPem)).toBe(true);
    expect(verifySnsSignature(signedSnsMessage(keyPem, { Message: 'a' }, '2'), certPem)).toBe(true);
  });

  it('rejects a changed message, another key, and an unknown version', () => {
    const signed = signedSnsMessage(keyPem, { Message: 'a' });
    expect(verifySnsSignature({ ...signed, Message: 'b' }, certPem)).toBe(false);
    expect(verifySnsSignature(signed, other.certPem)).toBe(false);
    expect(verifySnsSignature({ ...signed, SignatureVersion: '3' }, certPem)).toBe(false);
    expect(verifySnsSignature(signed, 'not a certificate')).toBe(false);
  });

  it('fetches certificates only over https from allowlisted hosts', () => {
    const hosts = ['sns.*.amazonaws.com'];
    expect(certificateUrlProblem(CERT_URL, hosts)).toBeNull();
    expect(certificateUrlProblem('http://sns.us-east-1.amazonaws.com/x.pem', hosts)).toMatch(/https/);
    expect(certificateUrlProblem('https://evil.example.com/x.pem', hosts)).toMatch(/not allowed/);
    expect(certificateUrlProblem('https://sns.us-east-1.amazonaws.com.evil.com/x.pem', hosts)).toMatch(/not allowed/);
    expect(certificateUrlProblem('https://sns.us-east-1.amazonaws.com/x.txt', hosts)).toMatch(/\.pem/);
    expect(hostMatches('sns.a.b.amazonaws.com', 'sns.*.amazonaws.com')).toBe(false);
  });
});
