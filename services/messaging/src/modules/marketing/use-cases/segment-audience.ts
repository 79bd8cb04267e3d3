import { Injectable } from '@nestjs/common';
import type { SegmentDefinition } from '@salon/contracts';
import { lastVisitOf, segmentMatches, type SegmentClock } from '../domain/segment-rules.js';
import { ClientDirectory, type DirectoryClient } from '../persistence/client-directory.provider.js';
import { MarketingRepository } from '../persistence/marketing.repository.js';

/** The clients a segment selects right now: the clients service's book, each with the history mirrored here. */
@Injectable()
export class SegmentAudience {
  constructor(
    private readonly directory: ClientDirectory,
    private readonly marketing: MarketingRepository,
  ) {}

  async *matching(segment: SegmentDefinition, clock: SegmentClock): AsyncGenerator<DirectoryClient> {
    for await (const page of this.directory.pages()) {
      const histories = await this.marketing.histories(page.map((c) => c.id));
      for (const c of page) {
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
        if (segmentMatches(segment, facts, clock)) yield c;
      }
    }
  }
}
