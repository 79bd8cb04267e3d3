import { Inject, Injectable } from '@nestjs/common';
import { bookingLookSchema, businessSettingsSchema, clientSchema as clientContract, locationSchema } from '@salon/contracts';
import { APP_CONFIG, ContractDriftError, ServiceToken } from '@salon/nest-kit';
import { z } from 'zod';
import type { MessagingConfig } from '../../../config.js';

/** Spec §9's display zone: used when identity knows no zone for the location or the business. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';
const BUSINESS_CACHE_MS = 5 * 60_000;

// The answers are checked against the owners' contracts (@salon/contracts), on the fields read here:
// a drift fails at this boundary with a ContractDriftError naming the field.
const clientSchema = clientContract.pick({ firstName: true, phone: true, email: true, smsConsent: true, emailConsent: true });
const settingsSchema = businessSettingsSchema.pick({ businessName: true, timeZone: true, phone: true });
const locationsSchema = z.array(locationSchema.pick({ id: true, timeZone: true, phone: true, isDefault: true, isActive: true }));

export interface ClientContact {
  firstName: string | null;
  phone: string | null;
  email: string | null;
  smsConsent: boolean;
  /** The client agreed to marketing e-mail (birthday and win-back messages ask it; appointment messages do not). */
  emailConsent: boolean;
}

/** The clients or identity service could not answer; the caller's event is retried. */
export class UpstreamUnavailableError extends Error {
  override readonly name = 'UpstreamUnavailableError';
}

/**
 * What a waitlist offer needs from the services that own it, asked with this service's own bearer
 * token: the client's contact details and consent (clients, asked every time, consent changes),
 * and the business name and location time zones (identity, kept 5 minutes).
 */
@Injectable()
export class PlatformLookup {
  private business: {
    until: number;
    value: Promise<{
      businessName: string;
      timeZone: string | null;
      zones: Map<string, string>;
      phone: string | null;
      phones: Map<string, string | null>;
      locations: { id: string; timeZone: string; isDefault: boolean; isActive: boolean }[];
    }>;
  } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  /** null when the client no longer exists (deleted, anonymised or merged away: 404). */
  async clientContact(clientId: string): Promise<ClientContact | null> {
    const c = await this.get(this.config.CLIENTS_URL, `/api/clients/${encodeURIComponent(clientId)}`, clientSchema, {
      allowNotFound: true,
    });
    if (!c) return null;
    return {
      firstName: c.firstName || null,
      phone: c.phone || null,
      email: c.email || null,
      smsConsent: c.smsConsent?.granted === true,
      emailConsent: c.emailConsent?.granted === true,
    };
  }

  /** The business's name, and the location's time zone and phone (the business's when the location has none). */
  async businessAt(locationId: string | null): Promise<{ businessName: string; timeZone: string; phone: string | null }> {
    const b = await this.businessValue();
    return {
      businessName: b.businessName,
      timeZone: (locationId && b.zones.get(locationId)) || b.timeZone || DEFAULT_TIME_ZONE,
      phone: (locationId && b.phones.get(locationId)) || b.phone,
    };
  }

  /** The salon's look as its booking page shows it (scheduling's public booking design): colours and logo. */
  async bookingLook(): Promise<{ primaryColor: string; backgroundColor: string; logoUrl: string | null }> {
    const info = await this.get(
      this.config.SCHEDULING_URL,
      '/api/online-booking',
      z.object({ design: bookingLookSchema.pick({ primaryColor: true, backgroundColor: true, logoUrl: true }) }),
    );
    return info!.design;
  }

  /** The business's active locations with their time zones (the zone falls back as in businessAt). */
  async locations(): Promise<{ id: string; timeZone: string; isDefault: boolean }[]> {
    const b = await this.businessValue();
    return b.locations
      .filter((l) => l.isActive)
      .map((l) => ({ id: l.id, timeZone: l.timeZone || b.timeZone || DEFAULT_TIME_ZONE, isDefault: l.isDefault }));
  }

  private businessValue() {
    if (!this.business || this.business.until <= Date.now()) {
      const value = Promise.all([
        this.get(this.config.IDENTITY_URL, '/api/business-settings', settingsSchema),
        this.get(this.config.IDENTITY_URL, '/api/locations', locationsSchema),
      ]).then(([settings, locations]) => ({
        businessName: settings!.businessName,
        timeZone: settings!.timeZone ?? null,
        phone: settings!.phone ?? null,
        zones: new Map(locations!.map((l) => [l.id, l.timeZone])),
        phones: new Map(locations!.map((l) => [l.id, l.phone ?? null])),
        locations: locations!.map((l) => ({ id: l.id, timeZone: l.timeZone, isDefault: l.isDefault, isActive: l.isActive })),
      }));
      this.business = { until: Date.now() + BUSINESS_CACHE_MS, value };
      value.catch(() => (this.business = null)); // a failure is not kept: the retry asks again
    }
    return this.business.value;
  }

  private async get<T>(base: string, path: string, schema: z.ZodType<T>, options: { allowNotFound?: boolean } = {}): Promise<T | null> {
    const url = new URL(path, base);
    const res = await this.serviceToken.call(base, path, { schema }).catch((error: Error) => {
      if (error instanceof ContractDriftError) throw error;
      throw new UpstreamUnavailableError(`GET ${url.href} failed: ${error.message}`);
    });
    if (res.status === 404 && options.allowNotFound) return null;
    if (!res.ok) throw new UpstreamUnavailableError(`GET ${url.href} answered ${res.status}`);
    return res.body;
  }
}
