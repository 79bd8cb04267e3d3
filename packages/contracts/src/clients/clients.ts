/**
 * The clients service's Client (docs/clients-api.md): what GET/POST/PATCH /api/clients and the
 * GraphQL Client answer, and the inputs of creating and changing one. Types inferred from the schemas.
 */
import { z } from 'zod';
import { pastDateSchema } from '../rules/dates.js';
import { intSchema } from '../rules/numbers.js';
import { blankToNull, lineSchema, optionalLineSchema, textSchema } from '../rules/text.js';

export const ALERT_KINDS = ['allergy', 'sensitivity', 'medical', 'other'] as const;
export const CONSENT_METHODS = ['verbal', 'written', 'online-booking', 'import', 'sms-keyword', 'staff', 'unsubscribe-link'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const consentSchema = z.object({
  granted: z.boolean(),
  changedAt: z.string().nullable(),
  /** One of CONSENT_METHODS for decisions recorded here; free text for older rows. */
  method: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

export const clientAddressSchema = z.object({
  line1: z.string().optional(),
  line2: z.string().optional(),
  city: z.string().optional(),
  region: z.string().optional(),
  postalCode: z.string().optional(),
  country: z.string().optional(),
});
export type ClientAddress = z.infer<typeof clientAddressSchema>;

export const clientAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  text: z.string(),
  /** Marked by the owner: the desk must acknowledge it when booking or opening the client's appointment. */
  critical: z.boolean(),
});
export type ClientAlert = z.infer<typeof clientAlertSchema>;

export const clientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  /** E.164, e.g. +13125550101. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** YYYY-MM-DD. */
  birthday: z.string().nullable(),
  address: clientAddressSchema.nullable(),
  preferredLocationId: z.string().nullable(),
  preferredStaffId: z.string().nullable(),
  tags: z.array(z.string()),
  alerts: z.array(clientAlertSchema),
  source: z.string().nullable(),
  smsConsent: consentSchema,
  emailConsent: consentSchema,
  lastVisitAt: z.string().nullable(),
  /** What the client spent at checkout, net of refunds, in minor units (retail's closed tickets; tips included). */
  lifetimeSpendMinor: z.number().int(),
  /** When their last ticket closed. */
  lastPurchaseAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  version: z.number().int(),
  possibleDuplicateCount: z.number().int(),
});
export type Client = z.infer<typeof clientSchema>;

/** GET /api/clients: a page of clients and how many match. */
export const clientPageSchema = z.object({ data: z.array(clientSchema), total: z.number().int() });
export type ClientPage = z.infer<typeof clientPageSchema>;

/** GET /api/clients/{id}/duplicates: each possible duplicate with why it looks like one. */
export const duplicateClientSchema = clientSchema.extend({ reasons: z.array(z.string()) });
export type DuplicateClient = z.infer<typeof duplicateClientSchema>;

/** POST /api/clients/find-or-create (a signed-in client's first online booking: their account's contact). */
export const findOrCreateAnswerSchema = z.object({ clientId: z.string(), created: z.boolean() });
export type FindOrCreateAnswer = z.infer<typeof findOrCreateAnswerSchema>;

/**
 * POST /api/clients/online-visitors (scheduling's service token; admins; never staff): the answer. `clientId` is
 * the new profile; `matchedClientId` the live client whose phone (else e-mail) the visitor typed,
 * for scheduling's "I've booked here before" link. Never shown to the visitor.
 */
export const onlineVisitorAnswerSchema = z.object({ clientId: z.string(), matchedClientId: z.string().nullable() });
export type OnlineVisitorAnswer = z.infer<typeof onlineVisitorAnswerSchema>;

/** Empty strings mean "no value" for optional text fields; every text field has a limit and no control characters (rules/text). */
const optionalText = optionalLineSchema;

/** A birthday: a real date from 1900-01-01 to today (rules/dates names which bound is crossed). */
const isoDate = z.preprocess(blankToNull, pastDateSchema().nullish());

const addressInputSchema = z
  .object({
    line1: optionalText(200),
    line2: optionalText(200),
    city: optionalText(100),
    region: optionalText(100),
    postalCode: optionalText(20),
    country: optionalText(100),
  })
  .strict()
  .nullish();

const alertInputSchema = z
  .object({
    id: lineSchema(64, { min: 1 }).optional(),
    kind: z.enum(ALERT_KINDS, { error: `must be one of ${ALERT_KINDS.join(', ')}` }),
    text: textSchema(500, { min: 1, emptyMessage: 'is required' }),
    critical: z.boolean().optional(),
  })
  .strict();

export const consentInputSchema = z.union([
  z.boolean(),
  z
    .object({
      granted: z.boolean(),
      method: z.enum(CONSENT_METHODS, { error: `must be one of ${CONSENT_METHODS.join(', ')}` }).nullish(),
    })
    .strip(),
]);
export type ConsentInput = z.infer<typeof consentInputSchema>;

/** The phone is read as typed; the service normalises it to E.164 in the business's country (rules/phone). */
const clientFields = {
  firstName: lineSchema(100, { min: 1, emptyMessage: 'is required' }),
  lastName: optionalText(100),
  phone: optionalText(40),
  email: z.preprocess(
    blankToNull,
    z.string().max(254, 'must be at most 254 characters').pipe(z.email('must be a valid e-mail address')).nullish(),
  ),
  birthday: isoDate,
  address: addressInputSchema,
  preferredLocationId: z.preprocess(blankToNull, z.uuid('must be an id').nullish()),
  preferredStaffId: z.preprocess(blankToNull, z.uuid('must be an id').nullish()),
  tags: z
    .array(lineSchema(50, { min: 1 }))
    .max(50, 'at most 50 tags')
    .optional(),
  alerts: z.array(alertInputSchema).max(30, 'at most 30 alerts').optional(),
  source: optionalText(100),
  smsConsent: consentInputSchema.optional(),
  emailConsent: consentInputSchema.optional(),
};

export const createClientInputSchema = z.object({ ...clientFields, allowDuplicate: z.boolean().optional() }).strict();
export const updateClientInputSchema = z
  .object({
    ...clientFields,
    firstName: clientFields.firstName.optional(),
    version: intSchema({ min: 1 }),
  })
  .strict();
export type CreateClientInput = z.infer<typeof createClientInputSchema>;

/**
 * POST /api/clients/online-visitors: the profile of one online booking, under the id scheduling
 * chose for it (so a retried call lands on the same profile). Always a new profile, even when the
 * phone or e-mail is a client's already (it then counts as a possible duplicate of that client).
 */
export const onlineVisitorProfileInputSchema = z
  .object({
    id: z.uuid('must be an id'),
    firstName: clientFields.firstName,
    lastName: clientFields.lastName,
    phone: clientFields.phone,
    email: clientFields.email,
    smsConsent: z.boolean().optional(),
    emailConsent: z.boolean().optional(),
  })
  .strict();
export type OnlineVisitorProfileInput = z.input<typeof onlineVisitorProfileInputSchema>;

/** POST /api/clients/online-visitors/{id}/confirm: the visitor proved through the link that they are this client. */
export const confirmOnlineVisitorInputSchema = z.object({ clientId: z.uuid('must be an id') }).strict();

export type UpdateClientInput = z.infer<typeof updateClientInputSchema>;
