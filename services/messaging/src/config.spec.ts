import { describe, expect, it } from 'vitest';
import { loadMessagingConfig } from './config.js';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-chars!',
  EVENT_SECRET_KEY: 'a-real-shared-secret-key',
};

describe('messaging config', () => {
  it('refuses to boot in production with SES but no SNS topic list, naming the variable', () => {
    expect(() => loadMessagingConfig({ ...production, EMAIL_PROVIDER: 'ses' })).toThrow(/SES_SNS_TOPIC_ARNS/);
    expect(() => loadMessagingConfig({ ...production, EMAIL_PROVIDER: 'ses', SES_SNS_TOPIC_ARNS: ' , ' })).toThrow(/SES_SNS_TOPIC_ARNS/);
  });

  it('reads the topic list as trimmed ARNs', () => {
    const config = loadMessagingConfig({ ...production, SES_SNS_TOPIC_ARNS: 'arn:aws:sns:us-east-1:1:a, arn:aws:sns:eu-west-1:1:b' });
    expect(config.SES_SNS_TOPIC_ARNS).toEqual(['arn:aws:sns:us-east-1:1:a', 'arn:aws:sns:eu-west-1:1:b']);
  });

  it('needs no list without SES or outside production (any topic is then accepted)', () => {
    expect(loadMessagingConfig({ ...production, EMAIL_PROVIDER: 'log' }).SES_SNS_TOPIC_ARNS).toEqual([]);
    expect(loadMessagingConfig({ ...production, NODE_ENV: 'development', EMAIL_PROVIDER: 'ses' }).SES_SNS_TOPIC_ARNS).toEqual([]);
  });

  it('has no Twilio auth token anyone could read: none by default, and one is required to send through Twilio', () => {
    const config = loadMessagingConfig({ ...production, EMAIL_PROVIDER: 'log' });
    expect(config.TWILIO_AUTH_TOKEN).toBeUndefined();
    expect(() => loadMessagingConfig({ ...production, EMAIL_PROVIDER: 'log', NODE_ENV: 'development', SMS_PROVIDER: 'twilio' })).toThrow(
      /TWILIO_AUTH_TOKEN: must be set/,
    );
    expect(() =>
      loadMessagingConfig({ ...production, EMAIL_PROVIDER: 'log', TWILIO_AUTH_TOKEN: 'dev-only-local-twilio-auth-token' }),
    ).toThrow(/TWILIO_AUTH_TOKEN: is a value published in this repository/);
  });
});
