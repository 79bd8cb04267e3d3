/** BullMQ queue names (DESIGN §4). Jobs carry ids, not documents. */
export const QUEUES = {
  SMS: 'messaging.sms',
  EMAIL: 'messaging.email',
  // Automation sends waiting for their time (a reminder N hours before): delayed jobs carrying the send id.
  AUTOMATION: 'messaging.automation',
  // AI replies to inbound texts (issue 16): one job per inbound text, carrying its conversation message id.
  AI_REPLY: 'messaging.ai-reply',
  CLIENT_IMPORT: 'clients.import',
  // A campaign's send (now, or delayed to its scheduled time): one job per campaign, carrying its id.
  CAMPAIGN: 'messaging.campaign',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
