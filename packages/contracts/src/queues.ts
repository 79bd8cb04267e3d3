/** BullMQ queue names (DESIGN §4). Jobs carry ids, not documents. */
export const QUEUES = {
  SMS: 'messaging.sms',
  EMAIL: 'messaging.email',
  CLIENT_IMPORT: 'clients.import',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
