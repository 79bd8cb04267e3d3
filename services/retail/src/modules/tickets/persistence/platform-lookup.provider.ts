import { Inject, Injectable } from '@nestjs/common';
import {
  appointmentServiceSnapshotSchema,
  appointmentViewSchema,
  businessSettingsSchema,
  locationListSchema,
  policyRowSchema,
  serviceViewSchema,
} from '@salon/contracts';
import { APP_CONFIG, AppError, ContractDriftError, NotFoundError, ServiceToken } from '@salon/nest-kit';
import { z } from 'zod';
import type { RetailConfig } from '../../../config.js';

class UpstreamUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
}

// Scheduling's and identity's answers are checked against their contracts (@salon/contracts) on
// the fields read here: a drift fails at this boundary with a ContractDriftError naming the field.
const appointmentSchema = appointmentViewSchema
  .pick({
    id: true,
    locationId: true,
    clientId: true,
    status: true,
    startsAt: true,
    endsAt: true,
    serviceName: true,
    priceMinor: true,
    currency: true,
    segments: true,
    lateCancel: true,
  })
  .extend({ service: appointmentServiceSnapshotSchema });
const feePolicySchema = policyRowSchema.pick({ noShowFeeMinor: true, lateCancelFeeMinor: true });
const serviceSchema = serviceViewSchema.pick({
  id: true,
  locationId: true,
  name: true,
  category: true,
  priceMinor: true,
  currency: true,
  active: true,
  staff: true,
});

/** An appointment as checkout reads it: who, where, its state, and its services at the booked prices. */
export type CheckoutAppointment = z.infer<typeof appointmentSchema>;
export type CatalogueService = z.infer<typeof serviceSchema>;
/** The no-show and late-cancel fees of a location's booking policy (scheduling's). */
export type FeePolicyAnswer = z.infer<typeof feePolicySchema>;

/**
 * What checkout asks of the services that own the data: appointments and their booked prices,
 * the catalogue (scheduling), and each location's time zone (identity, kept 60 s). Calls go with
 * this service's own token.
 */
@Injectable()
export class PlatformLookup {
  private zones: { until: number; value: Promise<Map<string, string>> } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: RetailConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  get defaultTimeZone(): string {
    return this.config.DEFAULT_TIME_ZONE;
  }

  /** The appointment, or null when scheduling has none by that id. */
  async appointment(id: string): Promise<CheckoutAppointment | null> {
    return this.call(this.config.SCHEDULING_URL, `/api/appointments/${encodeURIComponent(id)}`, appointmentSchema, true);
  }

  /** A location's appointments overlapping [from, to). */
  async appointmentsBetween(locationId: string, from: Date, to: Date): Promise<CheckoutAppointment[]> {
    const query = new URLSearchParams({ locationId, from: from.toISOString(), to: to.toISOString() });
    return (await this.call(this.config.SCHEDULING_URL, `/api/appointments?${query}`, z.array(appointmentSchema), false)) ?? [];
  }

  /** A catalogue service, or null when there is none by that id. */
  async service(id: string): Promise<CatalogueService | null> {
    return this.call(this.config.SCHEDULING_URL, `/api/services/${encodeURIComponent(id)}`, serviceSchema, true);
  }

  /** The location's booking policy's fees (scheduling answers the defaults, no fees, for a location without one). */
  async feePolicy(locationId: string): Promise<FeePolicyAnswer> {
    return (await this.call(
      this.config.SCHEDULING_URL,
      `/api/booking-policies/${encodeURIComponent(locationId)}`,
      feePolicySchema,
      false,
    ))!;
  }

  /** The location's IANA zone; the default zone when identity does not know it or cannot be reached. */
  async timeZoneOf(locationId: string): Promise<string> {
    if (!this.zones || this.zones.until < Date.now()) {
      const value = this.call(this.config.IDENTITY_URL, '/api/locations', locationListSchema, false).then(
        (list) => new Map((list ?? []).map((l) => [l.id, l.timeZone])),
      );
      this.zones = { until: Date.now() + 60_000, value };
      value.catch(() => (this.zones = null));
    }
    try {
      return (await this.zones.value).get(locationId) ?? this.config.DEFAULT_TIME_ZONE;
    } catch (error) {
      if (error instanceof ContractDriftError) throw error;
      return this.config.DEFAULT_TIME_ZONE;
    }
  }

  /**
   * Where a receipt comes from: the business's name and the location's name, address and phone
   * (identity). Unlike the zone this needs identity: a receipt is not printed with a guessed name.
   */
  async placeOf(locationId: string): Promise<{
    businessName: string;
    locationName: string;
    locationAddress: string | null;
    locationPhone: string | null;
    timeZone: string;
  }> {
    const [settings, locations] = await Promise.all([
      this.call(
        this.config.IDENTITY_URL,
        '/api/business-settings',
        businessSettingsSchema.pick({ businessName: true, phone: true }),
        false,
      ),
      this.call(this.config.IDENTITY_URL, '/api/locations', locationListSchema, false),
    ]);
    const location = (locations ?? []).find((l) => l.id === locationId);
    return {
      businessName: settings!.businessName,
      locationName: location?.name ?? '',
      locationAddress: location?.address ?? null,
      locationPhone: location?.phone ?? settings!.phone ?? null,
      timeZone: location?.timeZone ?? this.config.DEFAULT_TIME_ZONE,
    };
  }

  private async call<S extends z.ZodType>(base: string, path: string, schema: S, nullOn404: boolean): Promise<z.output<S> | null> {
    const res = await this.serviceToken.call(base, path, { schema }).catch((error: unknown) => {
      if (error instanceof ContractDriftError) throw error;
      throw new UpstreamUnavailableError('Checkout cannot reach the calendar right now; please try again in a minute');
    });
    if (res.status === 404 && nullOn404) return null;
    if (res.status === 404) throw new NotFoundError(String(res.body?.error ?? 'Not found'));
    if (!res.ok) throw new UpstreamUnavailableError('Checkout cannot reach the calendar right now; please try again in a minute');
    return res.body;
  }
}
