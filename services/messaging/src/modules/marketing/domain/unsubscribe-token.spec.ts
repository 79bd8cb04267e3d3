import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const secret = 'a-test-secret-of-enough-length-0123456789';
const claim = { campaignId: 'camp-1', clientId: 'client-1', channel: 'email' as const };

describe('unsubscribe token', () => {
  it('round-trips the claim', () => {
    expect(verifyUnsubscribeToken(secret, signUnsubscribeToken(secret, claim))).toEqual(claim);
  });

  it('cannot be forged: another client, another secret, a bare MAC, or an altered byte are refused', () => {
    const token = signUnsubscribeToken(secret, claim);
    const [v, , mac] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify(['camp-1', 'client-2', 'email'])).toString('base64url');
    expect(verifyUnsubscribeToken(secret, `${v}.${otherPayload}.${mac}`)).toBeNull();
    expect(verifyUnsubscribeToken('another-secret-of-enough-length-98765', token)).toBeNull();
    // A MAC over the payload without the purpose prefix (the secret used for something else) does not fit.
    const plain = createHmac('sha256', secret).update(otherPayload).digest('base64url');
    expect(verifyUnsubscribeToken(secret, `${v}.${otherPayload}.${plain}`)).toBeNull();
    const flipped = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect(verifyUnsubscribeToken(secret, flipped)).toBeNull();
    expect(verifyUnsubscribeToken(secret, token.replace(/^u1/, 'u2'))).toBeNull();
    expect(verifyUnsubscribeToken(secret, token.split('.').slice(0, 2).join('.'))).toBeNull();
    expect(verifyUnsubscribeToken(secret, '')).toBeNull();
  });
});
