import { z } from 'zod';
import { TICKET_STATUSES } from './tickets.js';

/**
 * GET /api/checkout-appointments?locationId=&date=: the location's appointments of a local day
 * that can be checked out (not cancelled, not a no-show), each with the ticket it is on, if any.
 */
export const checkoutAppointmentViewSchema = z.object({
  appointmentId: z.string(),
  locationId: z.string(),
  clientId: z.string(),
  status: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  serviceName: z.string(),
  staffIds: z.array(z.string()),
  priceMinor: z.number().int(),
  ticketId: z.string().nullable(),
  ticketStatus: z.enum(TICKET_STATUSES).nullable(),
});
export type CheckoutAppointmentView = z.infer<typeof checkoutAppointmentViewSchema>;

export const checkoutQuerySchema = z.strictObject({
  locationId: z.uuid('must be a location id'),
  date: z.iso.date('must be a date as YYYY-MM-DD'),
});
