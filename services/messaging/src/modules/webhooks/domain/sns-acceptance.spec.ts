import { describe, expect, it } from 'vitest';
import { SNS_MAX_MESSAGE_AGE_MS, snsAcceptanceProblem } from './sns-acceptance.js';

const OURS = 'arn:aws:sns:us-east-1:123456789012:ses-notifications';
const now = new Date('2025-06-01T12:00:00.000Z');
const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();

describe('which signed SNS messages are accepted', () => {
  it('accepts only the configured topics, and any topic when none is configured', () => {
    expect(snsAcceptanceProblem({ TopicArn: OURS, Timestamp: at(0) }, [OURS, 'arn:aws:sns:eu-west-1:123456789012:other'], now)).toBeNull();
    expect(snsAcceptanceProblem({ TopicArn: 'arn:aws:sns:us-east-1:999999999999:attacker', Timestamp: at(0) }, [OURS], now)).toBe(
      'SNS topic arn:aws:sns:us-east-1:999999999999:attacker is not accepted',
    );
    expect(snsAcceptanceProblem({ TopicArn: `${OURS}-2`, Timestamp: at(0) }, [OURS], now)).toMatch(/not accepted/);
    expect(snsAcceptanceProblem({ TopicArn: 'arn:aws:sns:us-east-1:999999999999:attacker', Timestamp: at(0) }, [], now)).toBeNull();
  });

  it('refuses a message sent more than an hour ago (a replay), or with no readable Timestamp', () => {
    expect(snsAcceptanceProblem({ TopicArn: OURS, Timestamp: at(SNS_MAX_MESSAGE_AGE_MS) }, [OURS], now)).toBeNull();
    expect(snsAcceptanceProblem({ TopicArn: OURS, Timestamp: at(SNS_MAX_MESSAGE_AGE_MS + 1000) }, [OURS], now)).toBe(
      'SNS message is more than an hour old',
    );
    expect(snsAcceptanceProblem({ TopicArn: OURS, Timestamp: 'yesterday' }, [OURS], now)).toBe('SNS Timestamp is not a date');
  });
});
