import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, type RetailTestApp } from './retail-app.js';
import { allDelivered, payOnHostedPage, type StripePeer, startRetailWithPeer, type RetailWithPeer } from './stripe-peer.js';

// Cards on file from the client's profile: saved through the SetupIntent's hosted modal (the card
// kept once Stripe's webhook says so), listed with brand, last four and expiry only, and removed
// (detached at Stripe, so it can no longer be charged).
let paid: RetailWithPeer;
let t: RetailTestApp;
let peer: StripePeer;
let stripe: Stripe;

beforeAll(async () => {
  paid = await startRetailWithPeer('saved_cards');
  ({ t, peer, stripe } = paid);
});
afterAll(() => paid?.close());

const settle = () => allDelivered(peer);

describe('saving a card from the profile', () => {
  it('saves through the GraphQL modal, lists brand/last four/expiry only, and removes it at Stripe too', async () => {
    const clientId = CLIENT(71);
    const started = await t.gql('desk', `mutation($c: ID!) { startSaveCard(clientId: $c) { setupIntentId cardModal { kind url } } }`, {
      c: clientId,
    });
    expect(started.errors).toBeUndefined();
    expect(started.data.startSaveCard.cardModal.kind).toBe('hosted_page');
    await payOnHostedPage(started.data.startSaveCard.cardModal.url, '4242424242424242');
    await settle();
    const listed = await t.as('desk').get(`/api/saved-payment-methods?clientId=${clientId}`);
    expect(listed.body).toHaveLength(1);
    expect(Object.keys(listed.body[0]).sort()).toEqual(['brand', 'expMonth', 'expYear', 'id', 'last4']);
    expect(listed.body[0]).toMatchObject({ brand: 'visa', last4: '4242' });
    const cardId = listed.body[0].id as string;

    // Only that client's card, and only with use_pos.
    expect((await t.as('viewer').delete(`/api/saved-payment-methods/${cardId}?clientId=${clientId}`)).status).toBe(403);
    expect((await t.as('desk').delete(`/api/saved-payment-methods/${cardId}?clientId=${CLIENT(72)}`)).status).toBe(404);
    const removed = await t.gql('desk', `mutation($id: ID!, $c: ID!) { removeSavedPaymentMethod(id: $id, clientId: $c) }`, {
      id: cardId,
      c: clientId,
    });
    expect(removed.data.removeSavedPaymentMethod).toBe(cardId);
    expect((await t.as('desk').get(`/api/saved-payment-methods?clientId=${clientId}`)).body).toEqual([]);
    expect((await stripe.paymentMethods.retrieve(cardId)).customer).toBeNull();
    expect((await t.as('desk').delete(`/api/saved-payment-methods/${cardId}?clientId=${clientId}`)).status).toBe(404);
  });
});
