import type { SnsMessage } from './sns-signature.js';

/**
 * SNS gives up retrying an HTTP delivery within an hour (a delivery policy cannot exceed 3,600 s),
 * so a correctly signed message older than that is someone replaying a captured one.
 */
export const SNS_MAX_MESSAGE_AGE_MS = 60 * 60 * 1000;

/**
 * Why a message whose signature holds is still refused, or null. A valid signature proves only that
 * SNS sent it: anyone can point a topic of their own at the webhook, so the topic must be one of
 * ours when a list is configured (empty: development, any topic).
 */
export function snsAcceptanceProblem(
  message: Pick<SnsMessage, 'TopicArn' | 'Timestamp'>,
  allowedTopicArns: readonly string[],
  now: Date,
): string | null {
  if (allowedTopicArns.length > 0 && !allowedTopicArns.includes(message.TopicArn)) return `SNS topic ${message.TopicArn} is not accepted`;
  const sentAt = Date.parse(message.Timestamp);
  if (Number.isNaN(sentAt)) return 'SNS Timestamp is not a date';
  if (now.getTime() - sentAt > SNS_MAX_MESSAGE_AGE_MS) return 'SNS message is more than an hour old';
  return null;
}
