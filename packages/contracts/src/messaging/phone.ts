/** The phone (issue 16): a Twilio number per location, its call log, click-to-call. */
import { z } from 'zod';
import { phoneSchema } from '../rules/phone-schema.js';
import { lineSchema, TEXT_LIMITS } from '../rules/text.js';

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** `ringing` while the call is still going; then what happened to it. */
export const CALL_OUTCOMES = ['ringing', 'answered', 'missed', 'voicemail'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** A location's business number and where its calls ring. */
export const phoneNumberViewSchema = z.object({
  locationId: z.string(),
  /** The Twilio number callers dial (E.164). */
  number: z.string(),
  /** The location's own phone (front desk), rung first. */
  forwardTo: z.string(),
  /** Staff phones rung at the same time (may be empty). */
  ringStaff: z.array(z.string()),
  /** Seconds the phones ring before the caller goes to voicemail. */
  ringSeconds: z.number().int(),
  /** Text a missed caller the booking link. */
  textBack: z.boolean(),
  /** What the caller hears before leaving a message. */
  greeting: z.string(),
});
export type PhoneNumberView = z.infer<typeof phoneNumberViewSchema>;

export const phoneNumberInputSchema = z.strictObject({
  locationId: z.string().min(1, 'must name a location').max(100),
  number: phoneSchema(),
  forwardTo: phoneSchema(),
  ringStaff: z.array(phoneSchema()).max(10, 'at most 10 phones').default([]),
  ringSeconds: z.number().int().min(5, 'must be at least 5 seconds').max(60, 'must be at most 60 seconds').default(20),
  textBack: z.boolean().default(true),
  greeting: lineSchema(TEXT_LIMITS.line, { min: 1 }).default('Sorry we missed your call. Please leave a message after the tone.'),
});
export type PhoneNumberInput = z.infer<typeof phoneNumberInputSchema>;

/** One call in a location's log. */
export const callViewSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  callSid: z.string(),
  direction: z.enum(CALL_DIRECTIONS),
  /** The other party: the caller (inbound) or the client called (outbound). */
  phone: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  outcome: z.enum(CALL_OUTCOMES),
  startedAt: z.string(),
  durationSeconds: z.number().int().nullable(),
  recordingUrl: z.string().nullable(),
  /** The missed-call text: its delivery state, or why none was sent (`no consent`, `opted out`, `off`). */
  textBack: z.string().nullable(),
});
export type CallView = z.infer<typeof callViewSchema>;

export const callClientInputSchema = z.strictObject({
  locationId: z.string().min(1, 'must name a location').max(100),
  clientId: z.string().min(1, 'must name a client').max(100),
  /** The phone staff answer on; the location's front desk when left out. */
  staffPhone: phoneSchema().optional(),
});
export type CallClientInput = z.infer<typeof callClientInputSchema>;

export const clientFromCallInputSchema = z.strictObject({
  callId: z.uuid('must be a call id'),
  firstName: lineSchema(TEXT_LIMITS.name, { min: 1 }),
  lastName: lineSchema(TEXT_LIMITS.name).default(''),
});
export type ClientFromCallInput = z.infer<typeof clientFromCallInputSchema>;
