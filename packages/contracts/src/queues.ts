/** BullMQ queue names (DESIGN §4). Jobs carry ids, not documents. */
export const QUEUES = {
  SMS: 'messaging.sms',
  EMAIL: 'messaging.email',
  // Automation sends waiting for their time (a reminder N hours before): delayed jobs carrying the send id.
  AUTOMATION: 'messaging.automation',
  CLIENT_IMPORT: 'clients.import',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
