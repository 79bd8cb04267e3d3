import { Inject, Injectable } from '@nestjs/common';
import { clientSchema, locationListSchema, serviceViewSchema, userSchema } from '@salon/contracts';
import type { z } from 'zod';
import { ServiceToken, ContractDriftError } from '../auth/service-token.provider.js';
import { APP_CONFIG } from '../config/config.module.js';
import { AppError } from '../errors/app-errors.js';
import type { ClientRecord, LocationRecord, ServiceRecord, UserRecord } from './reference-rules.js';

class ReferenceUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
}

// The owners' contracts (@salon/contracts), on the fields read here.
const clientIdSchema = clientSchema.pick({ id: true });
const userStatusSchema = userSchema.pick({ role: true, isActive: true });
const serviceStatusSchema = serviceViewSchema.pick({ id: true, active: true });
const LOCATIONS_KEPT_MS = 60_000;

/**
 * Asks the service that owns an id whether it knows it: clients (GET /api/clients/{id}, live
 * clients only), identity (GET /api/users/{id}, GET /api/locations) and scheduling (GET
 * /api/services/{id}), with the service token.
 * Unknown → null. An owner that cannot be asked fails the write (503): a reference that could not
 * be checked is not accepted.
 */
@Injectable()
export class PlatformDirectory {
  private locations: { until: number; byId: Promise<Map<string, LocationRecord>> } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: { IDENTITY_URL?: string; CLIENTS_URL?: string; SCHEDULING_URL?: string },
    private readonly serviceToken: ServiceToken,
  ) {}

  async client(id: string): Promise<ClientRecord | null> {
    return this.get(
      'clients',
      this.config.CLIENTS_URL ?? 'http://127.0.0.1:4003',
      `/api/clients/${encodeURIComponent(id)}`,
      clientIdSchema,
    );
  }

  async user(id: string): Promise<UserRecord | null> {
    return this.get(
      'identity',
      this.config.IDENTITY_URL ?? 'http://127.0.0.1:4001',
      `/api/users/${encodeURIComponent(id)}`,
      userStatusSchema,
    );
  }

  /** A service of the catalogue (scheduling, GET /api/services/{id}). */
  async service(id: string): Promise<ServiceRecord | null> {
    return this.get(
      'scheduling',
      this.config.SCHEDULING_URL ?? 'http://127.0.0.1:4004',
      `/api/services/${encodeURIComponent(id)}`,
      serviceStatusSchema,
    );
  }

  /** Locations change rarely and every write at a location asks: the list is kept a minute. */
  async location(id: string): Promise<LocationRecord | null> {
    if (!this.locations || this.locations.until < Date.now()) {
      const byId = this.get('identity', this.config.IDENTITY_URL ?? 'http://127.0.0.1:4001', '/api/locations', locationListSchema).then(
        (list) => new Map((list ?? []).map((l) => [l.id, { id: l.id, name: l.name, timeZone: l.timeZone }])),
      );
      this.locations = { until: Date.now() + LOCATIONS_KEPT_MS, byId };
      byId.catch(() => (this.locations = null));
    }
    return (await this.locations.byId).get(id) ?? null;
  }

  private async get<S extends z.ZodType>(owner: string, base: string, path: string, schema: S): Promise<z.output<S> | null> {
    const unavailable = () =>
      new ReferenceUnavailableError(`The ${owner} service could not be asked to confirm a reference; please try again`);
    const res = await this.serviceToken.call(base, path, { schema, timeoutMs: 3000 }).catch((error: unknown) => {
      if (error instanceof ContractDriftError) throw error;
      throw unavailable();
    });
    if (res.status === 404) return null;
    if (!res.ok) throw unavailable();
    return res.body;
  }
}
