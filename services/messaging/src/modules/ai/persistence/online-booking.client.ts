import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, ServiceToken } from '@salon/nest-kit';
import { bookingDepositDueSchema, myAppointmentSchema, type MyAppointment } from '@salon/contracts';
import { z } from 'zod';
import type { MessagingConfig } from '../../../config.js';

const infoSchema = z.object({
  businessName: z.string(),
  design: z.object({ policies: z.string().nullable().optional() }).passthrough(),
  locations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      timeZone: z.string(),
      address: z.string().nullable().optional(),
      phone: z.string().nullable().optional(),
    }),
  ),
});
export type SalonInfo = z.infer<typeof infoSchema>;

const servicesSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    category: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    durationMin: z.number(),
    priceMinor: z.number(),
    maxPriceMinor: z.number(),
    currency: z.string(),
    staff: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
);
export type SalonService = z.infer<typeof servicesSchema>[number];

const slotsSchema = z.object({
  timeZone: z.string(),
  slots: z.array(z.object({ startsAt: z.string(), endsAt: z.string(), staffId: z.string(), staffName: z.string().optional() })),
});
export type EngineSlots = z.infer<typeof slotsSchema>;

const confirmationSchema = z.object({
  appointment: z
    .object({ id: z.string(), startsAt: z.string(), serviceName: z.string(), staffName: z.string(), priceMinor: z.number() })
    .passthrough(),
  /** The visit asks a deposit: the time is only held until it is paid (never "booked" to the client). */
  deposit: bookingDepositDueSchema.nullish(),
});
export type BookingConfirmation = z.infer<typeof confirmationSchema>;

const policySchema = z.object({ openingHours: z.unknown().optional() }).passthrough();

const BOOKED_BY_TEXT = 'Booked by text message (AI assistant)';

/** scheduling refused the booking (taken meanwhile, outside the rules): its own words. */
export class BookingRefusedError extends Error {
  override readonly name = 'BookingRefusedError';
}

/**
 * The online booking API of scheduling, as the public booking page uses it: the same catalogue,
 * the same availability engine, the same booking rules (notice, advance, grid, offered staff).
 */
@Injectable()
export class OnlineBookingClient {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  info(): Promise<SalonInfo> {
    return this.get('/api/online-booking', infoSchema);
  }

  services(locationId: string): Promise<SalonService[]> {
    return this.get(`/api/online-booking/services?locationId=${encodeURIComponent(locationId)}`, servicesSchema);
  }

  /** The engine's free times for one local day. */
  availability(locationId: string, serviceId: string, date: string): Promise<EngineSlots> {
    const q = new URLSearchParams({ locationId, serviceId, from: date, to: date });
    return this.get(`/api/online-booking/availability?${q}`, slotsSchema);
  }

  /** Opening hours from the location's booking policy, when scheduling lets this service read it; null otherwise. */
  async openingHours(locationId: string): Promise<unknown> {
    const res = await this.serviceToken
      .call(this.config.SCHEDULING_URL, `/api/booking-policies/${encodeURIComponent(locationId)}`, { schema: policySchema })
      .catch(() => null);
    return res?.ok ? ((res.body as z.infer<typeof policySchema>).openingHours ?? null) : null;
  }

  /**
   * Books as an online visitor would (a texter who is not a client on file: scheduling makes them a
   * profile of their own); the key makes a retried approval answer the first booking.
   */
  async book(
    input: { locationId: string; serviceId: string; staffId: string; startsAt: string; firstName: string; phone: string },
    idempotencyKey: string,
  ): Promise<BookingConfirmation> {
    const res = await fetch(new URL('/api/online-booking/appointments', this.config.SCHEDULING_URL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({
        locationId: input.locationId,
        serviceId: input.serviceId,
        staffId: input.staffId,
        startsAt: input.startsAt,
        notes: BOOKED_BY_TEXT,
        client: { firstName: input.firstName, phone: input.phone },
      }),
      signal: AbortSignal.timeout(10_000),
    });
    return this.confirmation(res, '/api/online-booking/appointments');
  }

  /**
   * Books onto the profile of a client messaging identified (the texting phone): scheduling's
   * service-token route, the same online rules and engine, no visitor profile and no per-IP limit.
   */
  async bookForClient(
    clientId: string,
    input: { locationId: string; serviceId: string; staffId: string; startsAt: string },
    idempotencyKey: string,
  ): Promise<BookingConfirmation> {
    const path = `/api/online-booking/clients/${encodeURIComponent(clientId)}/appointments`;
    const res = await fetch(new URL(path, this.config.SCHEDULING_URL), {
      method: 'POST',
      headers: {
        authorization: await this.serviceToken.bearer(),
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify({ ...input, notes: BOOKED_BY_TEXT }),
      signal: AbortSignal.timeout(10_000),
    });
    return this.confirmation(res, path);
  }

  private async confirmation(res: Response, path: string): Promise<BookingConfirmation> {
    const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
    if (res.status === 409 || res.status === 400 || res.status === 404) {
      throw new BookingRefusedError(body?.error ?? body?.message ?? `scheduling answered ${res.status}`);
    }
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}`);
    return confirmationSchema.parse(body);
  }

  /**
   * The upcoming appointments of a client messaging identified (by the texting phone), with
   * scheduling's own verdict on whether each may still be changed online. Service token only.
   */
  async clientAppointments(clientId: string): Promise<MyAppointment[]> {
    const res = await this.serviceToken.call(
      this.config.SCHEDULING_URL,
      `/api/online-booking/clients/${encodeURIComponent(clientId)}/appointments`,
      { schema: z.array(myAppointmentSchema), timeoutMs: 10_000 },
    );
    if (!res.ok) throw new Error(`GET the client's appointments answered ${res.status}`);
    return res.body;
  }

  /** Moves a client's appointment by the online rules (engine, grid, notice, late-cancel window). */
  moveForClient(clientId: string, appointmentId: string, input: { startsAt: string; staffId: string }): Promise<MyAppointment> {
    return this.changeForClient(clientId, appointmentId, 'reschedule', input);
  }

  /** Cancels a client's appointment by the online rules (the late-cancel window; deposits as online). */
  cancelForClient(clientId: string, appointmentId: string, reason: string): Promise<MyAppointment> {
    return this.changeForClient(clientId, appointmentId, 'cancel', { reason });
  }

  private async changeForClient(
    clientId: string,
    appointmentId: string,
    action: 'cancel' | 'reschedule',
    body: unknown,
  ): Promise<MyAppointment> {
    const res = await this.serviceToken.call(
      this.config.SCHEDULING_URL,
      `/api/online-booking/clients/${encodeURIComponent(clientId)}/appointments/${encodeURIComponent(appointmentId)}/${action}`,
      { method: 'POST', body, schema: myAppointmentSchema, timeoutMs: 10_000 },
    );
    if (res.ok) return res.body;
    const answer = res.body as { error?: string; message?: string } | null;
    if (res.status === 409 || res.status === 400 || res.status === 404) {
      throw new BookingRefusedError(answer?.error ?? answer?.message ?? `scheduling answered ${res.status}`);
    }
    throw new Error(`POST ${action} answered ${res.status}`);
  }

  private async get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(path, this.config.SCHEDULING_URL);
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`GET ${url.pathname} answered ${res.status}`);
    return schema.parse(await res.json());
  }
}
