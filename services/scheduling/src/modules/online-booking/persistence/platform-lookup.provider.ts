import { Inject, Injectable } from '@nestjs/common';
import {
  businessSettingsSchema,
  clientSchema,
  findOrCreateAnswerSchema,
  locationListSchema,
  onlineVisitorAnswerSchema,
  userSchema,
  type FindOrCreateAnswer,
  type onlineVisitorInputSchema,
  type OnlineVisitorAnswer,
  type PublicLocation,
} from '@salon/contracts';
import { APP_CONFIG, AppError, ContractDriftError, NotFoundError, ServiceToken, ValidationFailedError } from '@salon/nest-kit';
import type { z } from 'zod';
import type { SchedulingConfig } from '../../../config.js';

export interface ClientDetails {
  firstName: string;
  lastName?: string | null;
  phone?: string | null;
  email?: string | null;
  smsConsent?: boolean;
  emailConsent?: boolean;
}

/** What a visitor typed about themselves (the parsed contract input). */
export type VisitorDetails = z.output<typeof onlineVisitorInputSchema>;

class UpstreamUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
}

// Identity's and clients' answers are checked against their contracts (@salon/contracts), on the
// fields read here: a drift fails at this boundary with a ContractDriftError naming the field.
const settingsSchema = businessSettingsSchema.pick({ businessName: true });
const contactSchema = userSchema.pick({ firstName: true, lastName: true, email: true, phone: true, role: true });
const survivorSchema = clientSchema.pick({ id: true });
const introductionSchema = userSchema.pick({ firstName: true, lastName: true, username: true, bio: true, profilePicture: true });

/**
 * What online booking needs from services that own the data: the business name and active
 * locations (identity, kept 60 s — every visitor's first page load asks), a client-role user's
 * contact details (identity), and the client profile to book for (clients: a signed-in client's
 * found or created from their account; a visitor's always their own, undone or confirmed later).
 */
@Injectable()
export class PlatformLookup {
  private cached: { until: number; value: Promise<{ businessName: string; locations: PublicLocation[] }> } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: SchedulingConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  business(): Promise<{ businessName: string; locations: PublicLocation[] }> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.value;
    const value = Promise.all([
      this.call(this.config.IDENTITY_URL, '/api/business-settings', settingsSchema),
      this.call(this.config.IDENTITY_URL, '/api/locations', locationListSchema),
    ]).then(([settings, locations]) => ({
      businessName: settings.businessName || 'Online booking',
      locations: locations
        .filter((l) => l.isActive)
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name))
        .map(({ id, name, timeZone, address, phone }): PublicLocation => ({ id, name, timeZone, address, phone })),
    }));
    this.cached = { until: Date.now() + 60_000, value };
    value.catch(() => (this.cached = null));
    return value;
  }

  async userContact(userId: string): Promise<ClientDetails & { role: string }> {
    const u = await this.call(this.config.IDENTITY_URL, `/api/users/${encodeURIComponent(userId)}`, contactSchema);
    return {
      firstName: u.firstName || 'Client',
      lastName: u.lastName ?? null,
      email: u.email ?? null,
      phone: u.phone ?? null,
      role: u.role,
    };
  }

  /**
   * What a staff member shows visitors: name, bio, photo. Not cached, unlike names: someone who
   * just rewrote their bio expects to see it on the page.
   */
  async staffIntroduction(userId: string): Promise<{ name: string | null; bio: string | null; profilePicture: string | null }> {
    const u = await this.call(this.config.IDENTITY_URL, `/api/users/${encodeURIComponent(userId)}`, introductionSchema);
    return {
      name: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || null,
      bio: u.bio ?? null,
      profilePicture: u.profilePicture,
    };
  }

  async findOrCreateClient(details: ClientDetails): Promise<FindOrCreateAnswer> {
    const body = {
      firstName: details.firstName,
      lastName: details.lastName ?? null,
      phone: details.phone ?? null,
      email: details.email ?? null,
      source: 'Online booking',
      ...(details.smsConsent ? { smsConsent: { granted: true, method: 'online-booking' } } : {}),
      ...(details.emailConsent ? { emailConsent: { granted: true, method: 'online-booking' } } : {}),
    };
    // The clients service's field problems (a phone it cannot read) are the visitor's: name them under `client.`.
    return this.call(this.config.CLIENTS_URL, '/api/clients/find-or-create', findOrCreateAnswerSchema, { method: 'POST', body }, 'client.');
  }

  /**
   * A new profile with exactly what the visitor typed, under `id` (asked inside the booking's
   * transaction), and the client on file those details match, which the visitor is never told.
   */
  async createVisitorProfile(id: string, v: VisitorDetails): Promise<OnlineVisitorAnswer> {
    const body = {
      id,
      firstName: v.firstName,
      lastName: v.lastName ?? null,
      phone: v.phone ?? null,
      email: v.email ?? null,
      ...(v.smsConsent ? { smsConsent: true } : {}),
      ...(v.emailConsent ? { emailConsent: true } : {}),
    };
    // The clients service's field problems (a phone it cannot read) are the visitor's: name them under `client.`.
    return this.call(
      this.config.CLIENTS_URL,
      '/api/clients/online-visitors',
      onlineVisitorAnswerSchema,
      { method: 'POST', body },
      'client.',
    );
  }

  /** Undoes createVisitorProfile for a booking that did not commit (idempotent at the clients service). */
  async discardVisitorProfile(id: string): Promise<void> {
    const path = `/api/clients/online-visitors/${encodeURIComponent(id)}`;
    const res = await this.serviceToken.call(this.config.CLIENTS_URL, path, { method: 'DELETE' });
    if (!res.ok) throw new UpstreamUnavailableError(`DELETE ${path} answered ${res.status}`);
  }

  /**
   * The visitor followed the link: their profile is merged into the client (or whoever that client
   * was merged into since). The survivor's id, or null when either profile is gone or merged elsewhere.
   */
  async confirmVisitorProfile(visitorId: string, clientId: string): Promise<string | null> {
    const path = `/api/clients/online-visitors/${encodeURIComponent(visitorId)}/confirm`;
    const res = await this.serviceToken
      .call(this.config.CLIENTS_URL, path, { method: 'POST', body: { clientId }, schema: survivorSchema })
      .catch((error: unknown) => {
        if (error instanceof ContractDriftError) throw error;
        throw new UpstreamUnavailableError('Online booking is briefly unavailable; please try again in a minute');
      });
    if (res.ok) return (res.body as z.output<typeof survivorSchema>).id;
    if (res.status === 404 || res.status === 409) return null;
    throw new UpstreamUnavailableError('Online booking is briefly unavailable; please try again in a minute');
  }

  private async call<S extends z.ZodType>(
    base: string,
    path: string,
    schema: S,
    init: { method?: string; body?: unknown } = {},
    fieldPrefix = '',
  ): Promise<z.output<S>> {
    const res = await this.serviceToken.call(base, path, { ...init, schema }).catch((error: unknown) => {
      if (error instanceof ContractDriftError) throw error;
      throw new UpstreamUnavailableError('Online booking is briefly unavailable; please try again in a minute');
    });
    const json = res.body;
    if (res.status === 404) throw new NotFoundError(json?.error ?? 'Not found');
    if (res.status === 400 && Array.isArray(json?.details)) {
      throw new ValidationFailedError(
        json.details.map((d: { field: string; message: string }) => ({ field: `${fieldPrefix}${d.field}`, message: d.message })),
      );
    }
    if (!res.ok) throw new UpstreamUnavailableError('Online booking is briefly unavailable; please try again in a minute');
    return json;
  }
}
