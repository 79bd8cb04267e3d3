import { Inject, Injectable } from '@nestjs/common';
import { clientPageSchema } from '@salon/contracts';
import { APP_CONFIG, ContractDriftError, ServiceToken } from '@salon/nest-kit';
import { z } from 'zod';
import type { MessagingConfig } from '../../../config.js';
import { UpstreamUnavailableError } from '../../delivery/persistence/platform-lookup.provider.js';

const PAGE = 200;
// Only the fields segments and sends read, checked against the clients service's contract.
const pageSchema = z.object({
  data: z.array(
    clientPageSchema.shape.data.element.pick({
      id: true,
      firstName: true,
      phone: true,
      email: true,
      birthday: true,
      tags: true,
      preferredLocationId: true,
      preferredStaffId: true,
      smsConsent: true,
      emailConsent: true,
      lastVisitAt: true,
    }),
  ),
  total: z.number().int(),
});
export type DirectoryClient = z.infer<typeof pageSchema>['data'][number];

/**
 * The client book as the clients service has it now, read page by page with this service's own
 * token (an admin's: pages of 200). Segments are evaluated over it; nothing is copied here.
 */
@Injectable()
export class ClientDirectory {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  async *pages(): AsyncGenerator<DirectoryClient[]> {
    for (let offset = 0; ; offset += PAGE) {
      const path = `/api/clients?limit=${PAGE}&offset=${offset}&sort=createdAt`;
      const res = await this.serviceToken.call(this.config.CLIENTS_URL, path, { schema: pageSchema }).catch((error: Error) => {
        if (error instanceof ContractDriftError) throw error;
        throw new UpstreamUnavailableError(`GET ${path} failed: ${error.message}`);
      });
      if (!res.ok) throw new UpstreamUnavailableError(`GET ${path} answered ${res.status}`);
      yield res.body.data;
      if (res.body.data.length < PAGE) return;
    }
  }
}
