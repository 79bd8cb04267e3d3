import { Injectable } from '@nestjs/common';
import {
  isUuid,
  registerReaderInputSchema,
  saveCardInputSchema,
  savedPaymentMethodsQuerySchema,
  type CardReaderView,
  type SaveCardAnswer,
  type SavedPaymentMethodView,
} from '@salon/contracts';
import { parseInput, ValidationFailedError } from '@salon/nest-kit';
import type { EntityManager } from 'typeorm';
import { CardDeclinedError, PaymentGateway } from '../domain/payment-gateway.js';
import { TenderUnavailableError } from '../domain/tenders.rules.js';
import { CardAccountsRepository } from '../persistence/card-accounts.repository.js';
import { CardRefusedError } from './payments.use-case.js';

/** The metadata kind of an online booking's SetupIntent (a card hold, modules/deposits). */
export const BOOKING_CARD = 'booking_card';

/**
 * Cards on file and card readers. A client's card is saved through a SetupIntent in the hosted
 * modal; what we keep of it is what Stripe tells the webhook: brand, last four, expiry.
 */
@Injectable()
export class CardAccountsUseCase {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly accounts: CardAccountsRepository,
  ) {}

  /** GET /api/saved-payment-methods?clientId=: brand, last four and expiry, never more. */
  async savedCards(query: unknown): Promise<SavedPaymentMethodView[]> {
    const { clientId } = parseInput(savedPaymentMethodsQuerySchema, query);
    return (await this.accounts.cards(clientId)).map((c) => ({
      id: c.id,
      brand: c.brand,
      last4: c.last4,
      expMonth: c.expMonth,
      expYear: c.expYear,
    }));
  }

  /** The modal that saves a client's card: a Stripe customer once per client, then a SetupIntent. */
  async startSaveCard(input: unknown): Promise<SaveCardAnswer> {
    const { clientId } = parseInput(saveCardInputSchema, input);
    if (!this.gateway.enabled) throw new TenderUnavailableError();
    const customerId = await this.customerFor(clientId);
    const setup = await this.gateway.createSetup({ customerId, clientId, idempotencyKey: `retail-setup-${clientId}-${Date.now()}` });
    return { setupIntentId: setup.id, cardModal: this.gateway.modal(setup.clientSecret, setup.id, 'setup') };
  }

  /** The client's Stripe customer, made once (a racing second one answers the first). */
  async customerFor(clientId: string): Promise<string> {
    const customerId = await this.accounts.customerOf(clientId);
    if (customerId) return customerId;
    const made = await this.gateway.ensureCustomer({ clientId, idempotencyKey: `retail-customer-${clientId}` });
    return this.accounts.saveCustomer(clientId, made);
  }

  /** A card Stripe has on the client's customer is kept on file (brand, last four, expiry); again: no change. */
  async keepCard(clientId: string, paymentMethodId: string): Promise<void> {
    const card = await this.gateway.savedCard(paymentMethodId);
    if (card) await this.accounts.saveCard(undefined, { ...card, clientId });
  }

  /** setup_intent.succeeded: the card is saved for its client (once, whatever the deliveries). */
  async saveCardIn(
    m: EntityManager,
    setup: { customerId: string | null; paymentMethodId: string | null; metadata: Record<string, string> },
  ): Promise<void> {
    if (!setup.customerId || !setup.paymentMethodId) return;
    // An online booking's card (modules/deposits) is kept only if its booking stands: that settling decides.
    if (setup.metadata.kind === BOOKING_CARD) return;
    const clientId = (await this.accounts.clientOfCustomer(m, setup.customerId)) ?? null;
    if (!clientId) return;
    const card = await this.gateway.savedCard(setup.paymentMethodId);
    if (!card) return;
    await this.accounts.saveCard(m, { ...card, clientId });
  }

  async readers(locationId: string | undefined): Promise<CardReaderView[]> {
    if (!locationId || !isUuid(locationId)) throw ValidationFailedError.field('locationId', 'must be a location id');
    return this.accounts.readers(locationId);
  }

  /** Registers a reader with the code it shows (Stripe's simulated-wpe locally) at a location. */
  async registerReader(input: unknown): Promise<CardReaderView> {
    const r = parseInput(registerReaderInputSchema, input);
    if (!this.gateway.enabled) throw new TenderUnavailableError();
    try {
      const reader = await this.gateway.registerReader({
        registrationCode: r.registrationCode,
        label: r.label,
        locationName: `Location ${r.locationId}`,
        idempotencyKey: `retail-reader-${r.locationId}-${r.registrationCode}-${Date.now()}`,
      });
      const view = { id: reader.id, locationId: r.locationId, label: reader.label, deviceType: reader.deviceType };
      await this.accounts.saveReader(view);
      return view;
    } catch (error) {
      if (error instanceof CardDeclinedError) throw new CardRefusedError(`Stripe did not register the reader: ${error.message}`);
      throw error;
    }
  }
}
