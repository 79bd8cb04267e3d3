import { Inject, Injectable, Logger } from '@nestjs/common';
import { clientSchema } from '@salon/contracts';
import { APP_CONFIG, ServiceToken, ValidationFailedError } from '@salon/nest-kit';
import { z } from 'zod';
import type { MessagingConfig } from '../../../config.js';

const found = clientSchema.pick({ id: true, firstName: true, lastName: true, phone: true, smsConsent: true });
const page = z.object({ data: z.array(found) });

export interface CallerMatch {
  id: string;
  name: string;
  firstName: string | null;
  phone: string | null;
  /** null: the client never decided. */
  smsConsent: boolean | null;
}

const nameOf = (c: z.infer<typeof found>) => [c.firstName, c.lastName].filter(Boolean).join(' ') || 'Client';
const toMatch = (c: z.infer<typeof found>): CallerMatch => ({
  id: c.id,
  name: nameOf(c),
  firstName: c.firstName || null,
  phone: c.phone || null,
  smsConsent: c.smsConsent ? c.smsConsent.granted : null,
});

/**
 * The clients service, asked with this service's token: who a phone number belongs to (its phone
 * search, exact E.164 match only), a client's phone for click-to-call, and a new client made from
 * an unknown caller (POST /api/clients, which publishes clients' own created event).
 */
@Injectable()
export class ClientDirectory {
  private readonly logger = new Logger('ClientDirectory');

  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  /** The live client with exactly this phone, or null (also when clients cannot answer: the call goes on). */
  async byPhone(phone: string): Promise<CallerMatch | null> {
    try {
      const res = await this.serviceToken.call(this.config.CLIENTS_URL, `/api/clients?search=${encodeURIComponent(phone)}&limit=5`, {
        schema: page,
        timeoutMs: 3000,
      });
      if (!res.ok) return null;
      const match = res.body.data.find((c) => c.phone === phone);
      return match ? toMatch(match) : null;
    } catch (error) {
      this.logger.warn(`caller lookup failed: ${(error as Error).message}`);
      return null;
    }
  }

  async byId(clientId: string): Promise<CallerMatch | null> {
    const res = await this.serviceToken.call(this.config.CLIENTS_URL, `/api/clients/${encodeURIComponent(clientId)}`, { schema: found });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`clients answered ${res.status}`);
    return toMatch(res.body);
  }

  /** A new profile for a caller; clients' 409 (same phone already on file) names the field. */
  async create(input: { firstName: string; lastName: string; phone: string }): Promise<CallerMatch> {
    const res = await this.serviceToken.call(this.config.CLIENTS_URL, '/api/clients', {
      method: 'POST',
      body: { firstName: input.firstName, lastName: input.lastName, phone: input.phone, source: 'Phone call' },
    });
    if (res.status === 409) throw ValidationFailedError.field('phone', 'already belongs to a client');
    if (!res.ok) throw new Error(`clients answered ${res.status}: ${JSON.stringify(res.body)}`);
    return toMatch(found.parse(res.body));
  }
}
