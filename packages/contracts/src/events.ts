import { z } from 'zod';
import { receiptViewSchema } from './retail/receipts.js';

/**
 * Domain event envelope (DESIGN §3). Event types read `<context>.<entity>.<past-tense verb>.v<N>`;
 * aggregateId is the partition key so one aggregate's events stay in order.
 */
export const EVENT_TYPE_PATTERN = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*\.v[1-9][0-9]*$/;

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(EVENT_TYPE_PATTERN, 'must read <context>.<entity>.<verb>.v<N>'),
  occurredAt: z.iso.datetime({ offset: true }),
  aggregateType: z.string().min(1),
  aggregateId: z.string().min(1),
  locationId: z.string().nullable(),
  actor: z.object({ type: z.enum(['user', 'system', 'client']), id: z.string().nullable() }),
  traceparent: z.string().nullable(),
  /**
   * A fact of the past written after the fact (the demo seed's history, an import), not a change
   * happening now: projections take it, nothing acts on it (no message, reminder, form, waitlist
   * offer or charge). Only handlers that declare they project history receive it
   * (`@EventHandler(type, { history: true })`); absent on live events.
   */
  history: z.literal(true).optional(),
  payload: z.record(z.string(), z.unknown()),
});

export type EventEnvelope<P extends Record<string, unknown> = Record<string, unknown>> = Omit<
  z.infer<typeof eventEnvelopeSchema>,
  'payload'
> & { payload: P };

/** A phone's opt-out or opt-in as messaging learned it (keyword: the word texted, null when Twilio reported it). */
const smsOptChangePayload = z.object({
  phone: z.string().regex(/^\+[1-9][0-9]{6,14}$/, 'must be an E.164 phone number'),
  at: z.iso.datetime({ offset: true }),
  keyword: z.string().nullable(),
});

/** Payload schemas per event type; publishers and consumers validate against the same entry. */
export const EVENT_PAYLOADS = {
  'identity.user.created.v1': z.object({ userId: z.string(), role: z.enum(['admin', 'staff', 'client']), email: z.string() }),
  'identity.user.updated.v1': z.object({ userId: z.string(), changed: z.array(z.string()) }),
  'identity.location.changed.v1': z.object({
    locationId: z.string(),
    name: z.string(),
    timeZone: z.string(),
    isActive: z.boolean(),
    isDefault: z.boolean(),
  }),
  'identity.permissions.changed.v1': z.object({ userIds: z.array(z.string()) }),
  // The reset token or SMS code travels sealed (@salon/tokens sealed-secret); only messaging opens it.
  'identity.password-reset.requested.v1': z.object({
    requestId: z.string(),
    userId: z.string(),
    channel: z.enum(['email', 'sms']),
    to: z.string(),
    firstName: z.string().nullable(),
    businessName: z.string(),
    secret: z.object({ v: z.literal(1), iv: z.string(), data: z.string(), tag: z.string() }),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  'identity.password-reset.completed.v1': z.object({ userId: z.string(), requestId: z.string() }),
  'clients.client.created.v1': z.object({
    clientId: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    source: z.string().nullable(),
    // Set when the client came in by a CSV import: not new to the salon (no welcome automation).
    importId: z.string().nullish(),
  }),
  'clients.client.updated.v1': z.object({ clientId: z.string(), changed: z.array(z.string()) }),
  // Other services re-point their references from mergedId to survivorId.
  'clients.client.merged.v1': z.object({ survivorId: z.string(), mergedId: z.string() }),
  'clients.client.consent-changed.v1': z.object({
    clientId: z.string(),
    channel: z.enum(['sms', 'email']),
    granted: z.boolean(),
    method: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  'clients.client.deleted.v1': z.object({ clientId: z.string(), mode: z.enum(['delete', 'anonymise']) }),
  // Messaging: a phone number answered the business's number with an opt-out (STOP, UNSUBSCRIBE, …) or
  // opt-in (START, UNSTOP, YES) keyword, or Twilio refused a text because the number had opted out
  // (error 21610, keyword null). One aggregate per phone (aggregateType 'phone', aggregateId = the
  // E.164 number), so one number's STOP and START stay in order. The clients service applies it to
  // every live client with that phone.
  'messaging.sms.opted-out.v1': smsOptChangePayload,
  'messaging.sms.opted-in.v1': smsOptChangePayload,
  // Messaging: a client answered an appointment reminder ("C" to confirm, "cancel"). One aggregate per
  // appointment; scheduling confirms (or cancels) the appointment as the client, if it still can.
  'messaging.appointment.reply-received.v1': z.object({
    appointmentId: z.string(),
    clientId: z.string(),
    action: z.enum(['confirm', 'cancel']),
    receivedAt: z.iso.datetime({ offset: true }),
  }),
  // Messaging: a client followed a campaign's one-click unsubscribe link (signed, no session). One
  // aggregate per client; the clients service withdraws that channel's consent (method
  // `unsubscribe-link`). Messaging also stops sending campaigns to the client on that channel at once.
  'messaging.marketing.unsubscribed.v1': z.object({
    clientId: z.string(),
    channel: z.enum(['email', 'sms']),
    campaignId: z.string().nullable(),
    at: z.iso.datetime({ offset: true }),
  }),
  // Messaging: one automated message's outcome (a reminder, a confirmation, a rebook nudge…): sent
  // on the channels named, or skipped or cancelled with the reason. One aggregate per send
  // (aggregateType 'automation-send'); payroll's reports count automation results from it.
  'messaging.automation.finished.v1': z.object({
    sendId: z.string(),
    /** The automation (AUTOMATION_KINDS in messaging/automations.ts; a string, so a new kind stays readable). */
    kind: z.string(),
    clientId: z.string(),
    appointmentId: z.string().nullable(),
    outcome: z.enum(['sent', 'skipped', 'cancelled']),
    channels: z.array(z.enum(['sms', 'email'])),
    reason: z.string().nullable(),
    at: z.iso.datetime({ offset: true }),
  }),
  // Scheduling: an appointment's lifecycle (one aggregate per appointment id, in order).
  'scheduling.appointment.booked.v1': z.object({
    appointmentId: z.string(),
    clientId: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    staffId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    priceMinor: z.number().int(),
    currency: z.string(),
    source: z.enum(['staff', 'online', 'api']),
    // Additive (v1 stays readable by old consumers): set for an occurrence of a recurring series.
    seriesId: z.string().optional(),
    // Additive: a visit of several services in sequence; serviceId/staffId above are its first segment.
    segments: z
      .array(
        z.object({
          serviceId: z.string(),
          staffId: z.string(),
          startsAt: z.iso.datetime({ offset: true }),
          endsAt: z.iso.datetime({ offset: true }),
        }),
      )
      .optional(),
    // Additive: an online booking's SHA-256 of the formsKey its answer carries (documents keys the
    // booking's form requests by it, for the /booking confirmation).
    formsKeySha256: z.string().optional(),
  }),
  'scheduling.appointment.rescheduled.v1': z.object({
    appointmentId: z.string(),
    clientId: z.string(),
    staffId: z.string(),
    previousStaffId: z.string(),
    previousStartsAt: z.iso.datetime({ offset: true }),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
  }),
  'scheduling.appointment.cancelled.v1': z.object({
    appointmentId: z.string(),
    clientId: z.string(),
    staffId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    reason: z.string().nullable(),
    lateCancel: z.boolean(),
  }),
  'scheduling.appointment.checked-in.v1': z.object({
    appointmentId: z.string(),
    clientId: z.string(),
    staffId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
  }),
  'scheduling.appointment.completed.v1': z.object({
    appointmentId: z.string(),
    clientId: z.string(),
    staffId: z.string(),
    serviceId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    priceMinor: z.number().int(),
    currency: z.string(),
  }),
  /**
   * Staff asked that the client be told of a change to their appointment (after a move on the
   * calendar): the appointment as it now stands. Messaging texts or e-mails it as consent allows.
   */
  'scheduling.appointment.client-notice-requested.v1': z.object({
    appointmentId: z.string(),
    clientId: z.string(),
    serviceName: z.string(),
    staffId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    /** The appointment's version the notice tells of: asking twice for one version sends once. */
    version: z.number().int(),
  }),
  'scheduling.appointment.no-show.v1': z.object({
    appointmentId: z.string(),
    clientId: z.string(),
    staffId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
  }),
  // Scheduling: a staff member's weekly working hours at a location, replaced as a whole. The event
  // carries the full week as it now stands (empty: no hours there any more), so a consumer keeps the
  // current state from the latest event alone. One aggregate per staff member and location
  // (aggregateType 'working-hours', aggregateId `<staffId>:<locationId>`), in order.
  'scheduling.working-hours.changed.v1': z.object({
    staffId: z.string(),
    locationId: z.string(),
    intervals: z.array(
      z.object({
        /** ISO weekday, Monday = 1. */
        weekday: z.number().int().min(1).max(7),
        /** Local wall time HH:mm (end may be 24:00). */
        start: z.string(),
        end: z.string(),
        kind: z.enum(['work', 'break']),
      }),
    ),
  }),
  // A freed time offered to a waitlisted client until expiresAt. The accept link's token travels
  // sealed (@salon/tokens sealed-secret, EVENT_SECRET_KEY); only the service that texts/e-mails it opens it.
  'scheduling.waitlist.offered.v1': z.object({
    offerId: z.string(),
    entryId: z.string(),
    clientId: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    staffId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }),
    token: z.object({ v: z.literal(1), iv: z.string(), data: z.string(), tag: z.string() }),
  }),
  // Online booking: a visitor who said they had booked before typed details that match a client on
  // file. The link goes to that client (clientId), by the contact on file and the consent rules of
  // messaging, never to an address the visitor typed; following it adds the booking (and the
  // visitor's profile, merged) to that client. The token travels sealed (EVENT_SECRET_KEY).
  'scheduling.booking-claim.requested.v1': z.object({
    claimId: z.string(),
    appointmentId: z.string(),
    clientId: z.string(),
    serviceName: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }),
    token: z.object({ v: z.literal(1), iv: z.string(), data: z.string(), tag: z.string() }),
  }),
  // Scheduling: classes (one aggregate per class session id, so a session's roster changes stay in order).
  'scheduling.class.scheduled.v1': z.object({
    classSessionId: z.string(),
    seriesId: z.string().nullable(),
    name: z.string(),
    instructorId: z.string(),
    roomId: z.string().nullable(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    capacity: z.number().int().positive(),
    priceMinor: z.number().int().nonnegative(),
    currency: z.string(),
  }),
  'scheduling.class.rescheduled.v1': z.object({
    classSessionId: z.string(),
    instructorId: z.string(),
    roomId: z.string().nullable(),
    previousStartsAt: z.iso.datetime({ offset: true }),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
  }),
  'scheduling.class.cancelled.v1': z.object({
    classSessionId: z.string(),
    name: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    reason: z.string().nullable(),
    /** Everyone who was enrolled or waitlisted: their places were cancelled with the class. */
    clientIds: z.array(z.string()),
  }),
  'scheduling.class.enrolled.v1': z.object({
    classSessionId: z.string(),
    enrolmentId: z.string(),
    clientId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    waitlisted: z.boolean(),
    waitlistPosition: z.number().int().positive().nullable(),
  }),
  'scheduling.class.enrolment-cancelled.v1': z.object({
    classSessionId: z.string(),
    enrolmentId: z.string(),
    clientId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
    wasWaitlisted: z.boolean(),
  }),
  'scheduling.class.waitlist-promoted.v1': z.object({
    classSessionId: z.string(),
    enrolmentId: z.string(),
    clientId: z.string(),
    startsAt: z.iso.datetime({ offset: true }),
  }),
  // Retail: one aggregate per ticket (aggregateType 'ticket', aggregateId the ticket id), so a
  // ticket's payments, its closing and its refunds arrive in order. Money in minor units.
  'retail.payment.succeeded.v1': z.object({
    paymentId: z.string(),
    ticketId: z.string(),
    clientId: z.string().nullable(),
    method: z.enum(['cash', 'card', 'terminal', 'card_on_file', 'gift_card', 'prepaid_credit']),
    amountMinor: z.number().int(),
    currency: z.string(),
    appointmentIds: z.array(z.string()),
  }),
  'retail.ticket.closed.v1': z.object({
    ticketId: z.string(),
    number: z.number().int(),
    clientId: z.string().nullable(),
    appointmentIds: z.array(z.string()),
    closedAt: z.iso.datetime({ offset: true }),
    subtotalMinor: z.number().int(),
    discountMinor: z.number().int(),
    taxMinor: z.number().int(),
    tipMinor: z.number().int(),
    totalMinor: z.number().int(),
    currency: z.string(),
    lines: z.array(
      z.object({
        kind: z.string(),
        name: z.string(),
        quantity: z.number().int(),
        netMinor: z.number().int(),
        staffId: z.string().nullable(),
        appointmentId: z.string().nullable(),
        serviceId: z.string().nullable(),
        // Additive (v1 stays readable by old consumers): payroll names the ticket line an earning is paid
        // on, and pays product commission per product sold.
        lineId: z.string().optional(),
        productId: z.string().nullable().optional(),
        // Additive: the service's or product's category as snapshotted when the line was added
        // (payroll pays commission per category). Absent on events from before it.
        category: z.string().nullable().optional(),
      }),
    ),
    /** The tip as split among the staff (payroll reads it). */
    tips: z.array(z.object({ staffId: z.string().nullable(), amountMinor: z.number().int() })),
  }),
  'retail.payment.refunded.v1': z.object({
    refundId: z.string(),
    paymentId: z.string(),
    ticketId: z.string(),
    clientId: z.string().nullable(),
    method: z.enum(['cash', 'card', 'terminal', 'card_on_file', 'gift_card', 'prepaid_credit']),
    amountMinor: z.number().int(),
    reason: z.string(),
    currency: z.string(),
    appointmentIds: z.array(z.string()),
  }),
  // Documents: one aggregate per form (aggregateType 'form'); a submission's events follow its form's.
  'documents.form.published.v1': z.object({
    formId: z.string(),
    version: z.number().int(),
    name: z.string(),
    serviceIds: z.array(z.string()),
  }),
  'documents.form.submitted.v1': z.object({
    submissionId: z.string(),
    formId: z.string(),
    version: z.number().int(),
    formName: z.string(),
    clientId: z.string().nullable(),
    appointmentId: z.string().nullable(),
    signedAt: z.iso.datetime({ offset: true }),
    contentSha256: z.string(),
    /** The PDF kept as the client's document. */
    documentId: z.string(),
  }),
  // A client asked for their forms by SMS or e-mail (aggregateType 'form-link', id = sendId): once
  // per booked appointment whose services ask forms, or when staff press "Send forms". The link's
  // token (`/forms/{formId}?r=…`, the first open form; the page leads on to the others) travels
  // sealed (@salon/tokens, EVENT_SECRET_KEY); only messaging opens it, and sends one message per sendId.
  'documents.form-link.requested.v1': z.object({
    sendId: z.string(),
    reason: z.enum(['booked', 'staff']),
    clientId: z.string(),
    appointmentId: z.string().nullable(),
    formId: z.string().regex(/^[0-9]+$/),
    formNames: z.array(z.string()).min(1),
    /** The visit the forms are for (null: asked outside a booking). */
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    expiresAt: z.iso.datetime({ offset: true }),
    token: z.object({ v: z.literal(1), iv: z.string(), data: z.string(), tag: z.string() }),
  }),
  'documents.document.shared.v1': z.object({
    documentId: z.string(),
    clientId: z.string().nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  // Stock: one aggregate per product (aggregateType 'product'). Published when a movement takes a
  // product's on-hand at a location from above its threshold to at or under it.
  'retail.product.stock-low.v1': z.object({
    productId: z.string(),
    name: z.string(),
    sku: z.string().nullable(),
    locationId: z.string(),
    onHand: z.number().int(),
    threshold: z.number().int(),
  }),
  /** A card on file needs the client's authentication (SCA): messaging sends them the link to confirm. */
  'retail.payment.action-required.v1': z.object({
    paymentId: z.string(),
    ticketId: z.string(),
    clientId: z.string().nullable(),
    locationId: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
    actionUrl: z.string(),
  }),
  /**
   * Staff asked for a closed ticket's receipt to go to its client by e-mail or text (aggregateType
   * 'ticket'): messaging checks consent and sends at most one message per sendId.
   */
  'retail.receipt.requested.v1': z.object({
    sendId: z.string(),
    ticketId: z.string(),
    clientId: z.string(),
    channel: z.enum(['email', 'sms']),
    receipt: receiptViewSchema,
  }),
  // Prepaid value: one aggregate per gift card (aggregateType 'gift-card') or per membership/package
  // a client holds (aggregateType 'client-prepaid'). Money in minor units.
  'retail.gift-card.issued.v1': z.object({
    giftCardId: z.string(),
    kind: z.enum(['certificate', 'card']),
    amountMinor: z.number().int(),
    currency: z.string(),
    clientId: z.string().nullable(),
    ticketId: z.string().nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  'retail.gift-card.redeemed.v1': z.object({
    giftCardId: z.string(),
    ticketId: z.string(),
    paymentId: z.string(),
    amountMinor: z.number().int(),
    balanceAfterMinor: z.number().int(),
    currency: z.string(),
  }),
  /**
   * A gift card bought online and paid (retail.gift-card.issued.v1 comes with it): messaging e-mails
   * the recipient its code at `deliverAt`. The code is sealed with EVENT_SECRET_KEY (only messaging
   * opens it); the event log never holds it in clear.
   */
  'retail.gift-card.purchased-online.v1': z.object({
    giftCardId: z.string(),
    orderId: z.string(),
    sealedCode: z.object({ v: z.literal(1), iv: z.string(), data: z.string(), tag: z.string() }),
    amountMinor: z.number().int(),
    currency: z.string(),
    buyerName: z.string(),
    recipientName: z.string(),
    recipientEmail: z.string(),
    message: z.string().nullable(),
    deliverAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  /** A card's value taken back because the ticket that sold it was refunded (voidPrepaid). */
  'retail.gift-card.voided.v1': z.object({
    giftCardId: z.string(),
    ticketId: z.string(),
    refundId: z.string(),
    amountMinor: z.number().int(),
    balanceAfterMinor: z.number().int(),
    currency: z.string(),
  }),
  /** What was left on a card when its expiry passed (the expiry job), taken off its balance. */
  'retail.gift-card.expired.v1': z.object({
    giftCardId: z.string(),
    amountMinor: z.number().int(),
    balanceAfterMinor: z.number().int(),
    currency: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  'retail.membership.started.v1': z.object({
    membershipId: z.string(),
    planId: z.string(),
    clientId: z.string(),
    periodEnd: z.iso.datetime({ offset: true }),
    /** Days the member sees online booking times beyond the location's window (scheduling's projection); absent before plans had it. */
    priorityBookingDays: z.number().int().optional(),
    // Additive (v1 stays readable by old consumers): the plan as sold, so payroll's reports count
    // recurring revenue (MRR) from events alone. Absent on events from before it.
    planName: z.string().optional(),
    priceMinor: z.number().int().optional(),
    currency: z.string().optional(),
    period: z.enum(['month', 'year']).optional(),
  }),
  /** Paused: its benefits (credits, discount, priority booking) are suspended until resumed. */
  'retail.membership.paused.v1': z.object({
    membershipId: z.string(),
    clientId: z.string(),
    periodEnd: z.iso.datetime({ offset: true }).nullable(),
  }),
  'retail.membership.resumed.v1': z.object({
    membershipId: z.string(),
    clientId: z.string(),
    periodEnd: z.iso.datetime({ offset: true }).nullable(),
  }),
  'retail.membership.cancelled.v1': z.object({
    membershipId: z.string(),
    clientId: z.string(),
    effectiveAt: z.iso.datetime({ offset: true }),
  }),
  /** A Stripe-billed membership's renewal was paid (at the period's end, or a retry of a failed one): a new period, credits reset. */
  'retail.membership.renewed.v1': z.object({
    membershipId: z.string(),
    clientId: z.string(),
    planId: z.string(),
    periodStart: z.iso.datetime({ offset: true }),
    periodEnd: z.iso.datetime({ offset: true }),
    creditsPerPeriod: z.number().int(),
    amountMinor: z.number().int(),
    currency: z.string(),
    invoiceId: z.string(),
  }),
  /** A renewal's charge failed: its benefits (credits, discount, priority booking) are suspended until it is paid. */
  'retail.membership.past-due.v1': z.object({
    membershipId: z.string(),
    clientId: z.string(),
    invoiceId: z.string(),
    amountDueMinor: z.number().int(),
    currency: z.string(),
    attemptCount: z.number().int(),
    nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  /** Moved to another plan of the same period: its benefits are the new plan's; `prorationMinor` charged (negative: credited). */
  'retail.membership.plan-changed.v1': z.object({
    membershipId: z.string(),
    clientId: z.string(),
    fromPlanId: z.string(),
    planId: z.string(),
    planName: z.string(),
    priceMinor: z.number().int(),
    currency: z.string(),
    period: z.enum(['month', 'year']),
    priorityBookingDays: z.number().int(),
    creditsLeft: z.number().int(),
    prorationMinor: z.number().int(),
  }),
  /** A package sold on a ticket that was refunded with voidPrepaid: its sessions left are taken, it is cancelled. */
  'retail.package.voided.v1': z.object({
    packageId: z.string(),
    clientId: z.string(),
    ticketId: z.string(),
    refundId: z.string(),
    creditsVoided: z.number().int(),
  }),
  /** A package's sessions left when its validity passed (the expiry job). */
  'retail.package.expired.v1': z.object({
    packageId: z.string(),
    clientId: z.string(),
    creditsExpired: z.number().int(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  'retail.package.redeemed.v1': z.object({
    packageId: z.string(),
    clientId: z.string(),
    ticketId: z.string(),
    creditsLeft: z.number().int(),
  }),
} as const;

export type EventType = keyof typeof EVENT_PAYLOADS;
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;

/** An envelope whose payload is typed by its event type (what handlers receive). */
export type TypedEventEnvelope<T extends EventType> = EventEnvelope<EventPayload<T>> & { type: T };

export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(EVENT_PAYLOADS, type);
}

/** The bounded context of an event type, e.g. 'identity' for 'identity.user.created.v1': it names the stream/topic. */
export function contextOf(type: string): string {
  const dot = type.indexOf('.');
  if (dot <= 0) throw new Error(`Event type "${type}" has no context (expected <context>.<entity>.<verb>.v<N>)`);
  return type.slice(0, dot);
}

/** Thrown by parseEvent; `issues` name each field that is wrong. */
export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string | undefined,
    readonly issues: string[],
  ) {
    super(`Invalid event${eventType ? ` ${eventType}` : ''}: ${issues.join('; ')}`);
    this.name = 'InvalidEventError';
  }
}

function describeIssues(error: z.ZodError, root: string): string[] {
  return error.issues.map((issue) => {
    const path = [root, ...issue.path.map(String)].filter(Boolean).join('.');
    return `${path || '(envelope)'}: ${issue.message}`;
  });
}

/**
 * Validates an envelope and its payload against the schema of its type (DESIGN §3: validated on
 * both ends). Unknown types are rejected, so a producer cannot publish what no one can read.
 * Returns the envelope with the payload as parsed (unknown payload keys dropped).
 */
export function parseEvent(raw: unknown): EventEnvelope {
  const envelope = eventEnvelopeSchema.safeParse(raw);
  const rawType = typeof (raw as { type?: unknown } | null)?.type === 'string' ? (raw as { type: string }).type : undefined;
  if (!envelope.success) throw new InvalidEventError(rawType, describeIssues(envelope.error, ''));
  const { type } = envelope.data;
  if (!isEventType(type)) throw new InvalidEventError(type, [`type: unknown event type "${type}"`]);
  const payload = EVENT_PAYLOADS[type].safeParse(envelope.data.payload);
  if (!payload.success) throw new InvalidEventError(type, describeIssues(payload.error, 'payload'));
  return { ...envelope.data, payload: payload.data as Record<string, unknown> };
}
