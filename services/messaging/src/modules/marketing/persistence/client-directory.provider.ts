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

/** The first keyset position: before every id. */
const BEFORE_ALL = '00000000-0000-0000-0000-000000000000';

/**
 * The client book as the clients service has it now, read page by page with this service's own
 * token (an admin's: pages of 200) in id order by keyset (`after=<last id>`: one index range per
 * page, however deep into a book of 100k), the next page fetched while the caller works on this
 * one. Segments are evaluated over it; nothing is copied here.
 */
@Injectable()
export class ClientDirectory {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  /** Pages of clients whose id sorts after `after` (a resumed campaign), to the end of the book. */
  async *pages(after: string | null = null): AsyncGenerator<DirectoryClient[]> {
    let next = this.page(after ?? BEFORE_ALL);
    for (;;) {
      const page = await next;
      const last = page.length === PAGE ? page[page.length - 1]!.id : null;
      if (last) {
        next = this.page(last);
        // Awaited on the next turn; a caller that stops early must not leave an unhandled rejection.
        next.catch(() => undefined);
      }
      yield page;
      if (!last) return;
    }
  }

  private async page(after: string): Promise<DirectoryClient[]> {
    const path = `/api/clients?limit=${PAGE}&after=${after}`;
    const res = await this.serviceToken.call(this.config.CLIENTS_URL, path, { schema: pageSchema }).catch((error: Error) => {
      if (error instanceof ContractDriftError) throw error;
      throw new UpstreamUnavailableError(`GET ${path} failed: ${error.message}`);
    });
    if (!res.ok) throw new UpstreamUnavailableError(`GET ${path} answered ${res.status}`);
    return res.body.data;
  }
}
