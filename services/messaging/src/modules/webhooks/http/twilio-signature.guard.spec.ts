import type { ExecutionContext } from '@nestjs/common';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import type { MessagingConfig } from '../../../config.js';
import { TwilioSignatureGuard } from './twilio-signature.guard.js';

const PUBLIC_URL = 'http://localhost:4000';
const path = '/api/webhooks/twilio/inbound';
const params = { From: '+15551230000', Body: 'STOP' };

function contextFor(signature: string): ExecutionContext {
  const req = { headers: { 'x-twilio-signature': signature }, body: params, originalUrl: path };
  return { switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
}

const sign = (token: string) => twilio.getExpectedTwilioSignature(token, `${PUBLIC_URL}${path}`, params);
const guard = (token?: string) => new TwilioSignatureGuard({ PUBLIC_URL, TWILIO_AUTH_TOKEN: token } as MessagingConfig);

describe('TwilioSignatureGuard', () => {
  it('accepts a webhook signed with the configured auth token only', () => {
    expect(guard('the-real-auth-token').canActivate(contextFor(sign('the-real-auth-token')))).toBe(true);
    expect(() => guard('the-real-auth-token').canActivate(contextFor(sign('another-token')))).toThrow('Invalid Twilio signature');
  });

  it('believes no webhook when no auth token is configured (not even one signed with the old public default)', () => {
    expect(() => guard(undefined).canActivate(contextFor(sign('dev-only-local-twilio-auth-token')))).toThrow('Invalid Twilio signature');
  });
});
