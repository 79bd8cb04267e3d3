import { Injectable } from '@nestjs/common';
import { isUuid, type SaveCardAnswer } from '@salon/contracts';
import { NotFoundError } from '@salon/nest-kit';
import { DataSource } from 'typeorm';
import { PaymentGateway } from '../../payments/domain/payment-gateway.js';
import { CardAccountsRepository } from '../../payments/persistence/card-accounts.repository.js';
import { CardAccountsUseCase } from '../../payments/use-cases/card-accounts.use-case.js';

/**
 * A client's cards on file from their profile: save one (the SetupIntent's hosted modal; the card
 * is kept when Stripe's setup_intent.succeeded arrives) and remove one (detached at Stripe first,
 * so it can no longer be charged, then forgotten here). Removing twice answers 404 the second time.
 */
@Injectable()
export class SavedCardsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cards: CardAccountsUseCase,
    private readonly accounts: CardAccountsRepository,
    private readonly gateway: PaymentGateway,
  ) {}

  start(clientId: string): Promise<SaveCardAnswer> {
    return this.cards.startSaveCard({ clientId });
  }

  async remove(id: string, clientId?: string): Promise<{ id: string; removed: true }> {
    const card = await this.accounts.card(this.dataSource.manager, id);
    if (!card || (clientId && isUuid(clientId) && card.clientId !== clientId)) throw new NotFoundError(`Saved card ${id} not found`);
    await this.gateway.detachCard(card.id);
    await this.dataSource.query(`DELETE FROM saved_cards WHERE id = $1`, [card.id]);
    return { id: card.id, removed: true };
  }
}
