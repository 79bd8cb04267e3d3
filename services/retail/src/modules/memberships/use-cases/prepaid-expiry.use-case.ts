import { Injectable } from '@nestjs/common';
import { OutboxWriter } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { GiftCardRepository } from '../../gift-cards/persistence/gift-card.repository.js';
import { expiryTake } from '../domain/prepaid-expiry.rules.js';
import { PrepaidRepository } from '../persistence/prepaid.repository.js';

const BATCH = 200;

/**
 * The expiry job's one run: every gift card and package whose expiry has passed with value left
 * gets an `expired` entry taking what is left, in batches of one transaction each. Rows are locked
 * and skipped by a run already on them; a card taken to zero is not found again, so a second run
 * (or a retry after a crash) writes nothing twice. The expiry instant itself was fixed in the
 * location's zone when the value was sold (domain/prepaid-expiry.rules.ts).
 */
@Injectable()
export class PrepaidExpiryUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cards: GiftCardRepository,
    private readonly held: PrepaidRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async expireDue(now: Date): Promise<{ giftCards: number; packages: number }> {
    const done = { giftCards: 0, packages: 0 };
    for (;;) {
      const n = await this.dataSource.transaction((m) => this.cardsBatch(m, now));
      done.giftCards += n;
      if (n < BATCH) break;
    }
    for (;;) {
      const n = await this.dataSource.transaction((m) => this.packagesBatch(m, now));
      done.packages += n;
      if (n < BATCH) break;
    }
    return done;
  }

  private async cardsBatch(m: EntityManager, now: Date): Promise<number> {
    const due = await this.cards.expiring(m, now, BATCH);
    for (const c of due) {
      const take = expiryTake({ kind: 'gift_card', left: c.balanceMinor, expiresAt: c.expiresAt }, now);
      if (!take) continue;
      const after = (await this.cards.take(m, c.id, take))!;
      await this.cards.insertEntry(m, {
        giftCardId: c.id,
        kind: 'expired',
        amountMinor: -take,
        balanceAfterMinor: after,
        ticketId: null,
        paymentId: null,
        reason: 'Expired',
        createdBy: null,
        createdAt: now,
      });
      await this.outbox.append(m, {
        type: 'retail.gift-card.expired.v1',
        aggregateType: 'gift-card',
        aggregateId: c.id,
        locationId: c.locationId,
        actor: { type: 'system', id: null },
        occurredAt: now,
        payload: {
          giftCardId: c.id,
          amountMinor: take,
          balanceAfterMinor: after,
          currency: c.currency,
          expiresAt: c.expiresAt!.toISOString(),
        },
      });
    }
    return due.length;
  }

  private async packagesBatch(m: EntityManager, now: Date): Promise<number> {
    const due = await this.held.expiringPackages(m, now, BATCH);
    for (const h of due) {
      const take = expiryTake({ kind: h.kind, left: h.creditsLeft, expiresAt: h.periodEnd, status: h.status }, now);
      if (!take) continue;
      const after = (await this.held.moveCredits(m, h.id, -take))!;
      await this.held.insertEntry(m, {
        clientPrepaidId: h.id,
        kind: 'expired',
        credits: -take,
        creditsAfter: after,
        ticketId: null,
        ticketLineId: null,
        lineName: null,
        paymentId: null,
        createdBy: null,
        createdAt: now,
      });
      await this.outbox.append(m, {
        type: 'retail.package.expired.v1',
        aggregateType: 'client-prepaid',
        aggregateId: h.id,
        locationId: h.locationId,
        actor: { type: 'system', id: null },
        occurredAt: now,
        payload: { packageId: h.id, clientId: h.clientId, creditsExpired: take, expiresAt: h.periodEnd!.toISOString() },
      });
    }
    return due.length;
  }
}
