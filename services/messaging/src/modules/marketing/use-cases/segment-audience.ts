import { Injectable } from '@nestjs/common';
import type { SegmentDefinition } from '@salon/contracts';
import { lastVisitOf, segmentMatches, type SegmentClock } from '../domain/segment-rules.js';
import { ClientDirectory, type DirectoryClient } from '../persistence/client-directory.provider.js';
import { MarketingRepository } from '../persistence/marketing.repository.js';

/** A run of the book: the clients of it the segment selects, and the last client read (where a resumed reading starts). */
export interface AudienceBatch {
  clients: DirectoryClient[];
  lastId: string;
}

/** The clients a segment selects right now: the clients service's book, each with the history mirrored here. */
@Injectable()
export class SegmentAudience {
  constructor(
    private readonly directory: ClientDirectory,
    private readonly marketing: MarketingRepository,
  ) {}

  async *matching(segment: SegmentDefinition, clock: SegmentClock): AsyncGenerator<DirectoryClient> {
    for await (const batch of this.batches(segment, clock, { after: null, size: 1 })) yield* batch.clients;
  }

  /**
   * The selected clients in batches covering at least `size` clients of the book each (pages of
   * the directory put together, so a caller works per thousand rather than per two hundred),
   * starting after the client `after`.
   */
  async *batches(
    segment: SegmentDefinition,
    clock: SegmentClock,
    options: { after: string | null; size: number },
  ): AsyncGenerator<AudienceBatch> {
    let batch: AudienceBatch = { clients: [], lastId: '' };
    let read = 0;
    for await (const page of this.directory.pages(options.after)) {
      if (page.length === 0) break;
      batch.clients.push(...(await this.selected(segment, clock, page)));
      batch.lastId = page[page.length - 1]!.id;
      read += page.length;
      if (read >= options.size) {
        yield batch;
        batch = { clients: [], lastId: '' };
        read = 0;
      }
    }
    if (read > 0) yield batch;
  }

  private async selected(segment: SegmentDefinition, clock: SegmentClock, page: DirectoryClient[]): Promise<DirectoryClient[]> {
    const histories = await this.marketing.histories(page.map((c) => c.id));
    return page.filter((c) => {
      const h = histories.get(c.id);
      const facts = {
        clientId: c.id,
        tags: c.tags,
        birthday: c.birthday,
        lastVisitAt: lastVisitOf(c.lastVisitAt ? new Date(c.lastVisitAt) : null, h?.lastVisitAt ?? null),
        visits: h?.visits ?? 0,
        spendMinor: h?.spendMinor ?? 0,
        services: h?.services ?? [],
        preferredLocationId: c.preferredLocationId,
        preferredStaffId: c.preferredStaffId,
      };
      return segmentMatches(segment, facts, clock);
    });
  }
}
