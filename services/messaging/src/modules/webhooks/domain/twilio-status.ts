import type { DeliveryReport } from '../../delivery/domain/message-status.js';

/** Twilio's MessageStatus callback values mapped to our reports; queued/sending/accepted say nothing new. */
export function twilioReportOf(messageStatus: string | undefined): DeliveryReport | null {
  switch (messageStatus) {
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}
