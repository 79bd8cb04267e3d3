/** BullMQ queue names (DESIGN §4). Jobs carry ids, not documents. */
export const QUEUES = {
  SMS: 'messaging.sms',
  EMAIL: 'messaging.email',
  // Automation sends waiting for their time (a reminder N hours before): delayed jobs carrying the send id.
  AUTOMATION: 'messaging.automation',
  // Gift cards bought online waiting for their delivery day: delayed jobs carrying the card's sealed code (the job id is the card's).
  GIFT_CARD_DELIVERY: 'messaging.gift-card-delivery',
  // Each location's daily run (birthday, win-back): a BullMQ job scheduler per location at 10:00 in its zone, carrying the location id.
  AUTOMATION_DAILY: 'messaging.automation-daily',
  // AI replies to inbound texts (issue 16): one job per inbound text, carrying its conversation message id.
  AI_REPLY: 'messaging.ai-reply',
  CLIENT_IMPORT: 'clients.import',
  // A campaign's send (now, or delayed to its scheduled time): one job per campaign, carrying its id.
  CAMPAIGN: 'messaging.campaign',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
