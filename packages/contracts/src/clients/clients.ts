/**
 * The clients service's Client (docs/clients-api.md): what GET/POST/PATCH /api/clients and the
 * GraphQL Client answer, and the inputs of creating and changing one. Types inferred from the schemas.
 */
import { z } from 'zod';

export const ALERT_KINDS = ['allergy', 'sensitivity', 'medical', 'other'] as const;
export const CONSENT_METHODS = ['verbal', 'written', 'online-booking', 'import', 'sms-keyword', 'staff'] as const;
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

/** POST /api/clients/find-or-create (online booking). */
export const findOrCreateAnswerSchema = z.object({ clientId: z.string(), created: z.boolean() });
export type FindOrCreateAnswer = z.infer<typeof findOrCreateAnswerSchema>;

/** Empty strings mean "no value" for optional text fields. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max, `must be at most ${max} characters`).nullish());

const isoDate = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 1990-04-21')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'must be a real date')
    .refine((s) => s >= '1900-01-01' && s <= new Date().toISOString().slice(0, 10), 'must be a date in the past')
    .nullish(),
);

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
    id: z.string().min(1).max(64).optional(),
    kind: z.enum(ALERT_KINDS, { error: `must be one of ${ALERT_KINDS.join(', ')}` }),
    text: z.string().trim().min(1, 'is required').max(500),
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
  firstName: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  lastName: optionalText(100),
  phone: optionalText(40),
  email: z.preprocess(blankToNull, z.email('must be a valid e-mail address').max(254).nullish()),
  birthday: isoDate,
  address: addressInputSchema,
  preferredLocationId: z.preprocess(blankToNull, z.uuid('must be an id').nullish()),
  preferredStaffId: z.preprocess(blankToNull, z.uuid('must be an id').nullish()),
  tags: z
    .array(z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters'))
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
    version: z.number({ error: 'is required' }).int().positive(),
  })
  .strict();
export type CreateClientInput = z.infer<typeof createClientInputSchema>;
export type UpdateClientInput = z.infer<typeof updateClientInputSchema>;
