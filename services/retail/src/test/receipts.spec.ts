import { EVENT_PAYLOADS, receiptSendViewSchema, receiptViewSchema, ticketViewSchema, type TicketView } from '@salon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, LOCATION, newKey, STAFF, type RetailTestApp } from './retail-app.js';
import { allDelivered, payOnHostedPage, type StripePeer, startRetailWithPeer, type RetailWithPeer } from './stripe-peer.js';

// Receipts of closed tickets: the view (REST and GraphQL) and "send it to the client", which only
// records the request and asks messaging through the outbox. The real app on its own database.
let paid: RetailWithPeer;
let t: RetailTestApp;
let peer: StripePeer;
let n = 0;

beforeAll(async () => {
  paid = await startRetailWithPeer('receipts');
  ({ t, peer } = paid);
});
afterAll(() => paid?.close());

const settle = () => allDelivered(peer);

async function openedTicket(clientId = CLIENT(1)): Promise<TicketView> {
  const appointmentId = t.platform.book(++n, { clientId });
  const res = await t.as('desk').post('/api/tickets', { locationId: LOCATION, appointmentIds: [appointmentId] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ticketViewSchema.parse(res.body);
}
const pay = (ticketId: string, body: unknown, key = newKey()) =>
  t.as('desk').post(`/api/tickets/${ticketId}/payments`, body).set('Idempotency-Key', key);
const receiptOf = (ticketId: string) => t.as('viewer').get(`/api/tickets/${ticketId}/receipt`);
const sendReceipt = (ticketId: string, body: unknown, key: string | null = newKey()) => {
  const req = t.as('desk').post(`/api/tickets/${ticketId}/receipt-sends`, body);
  return key ? req.set('Idempotency-Key', key) : req;
};
const requested = (ticketId: string) =>
  t.sql<{ payload: any }>(
    `SELECT envelope->'payload' AS payload FROM outbox WHERE aggregate_id = $1 AND type = 'retail.receipt.requested.v1'`,
    [ticketId],
  );

/** Discounted, tipped, with a fee line, paid part cash (with change) and part card: closed. */
async function closedTicket(): Promise<TicketView> {
  const opened = await openedTicket();
  const edited = await t.as('manager').patch(`/api/tickets/${opened.id}`, {
    version: opened.version,
    lines: [
      { id: opened.lines[0]!.id, discount: { type: 'amount', amountMinor: 500, reason: 'Loyalty' } },
      { kind: 'fee', name: 'Late fee', unitPriceMinor: 1000, reason: 'Arrived 30 minutes late' },
    ],
    tip: { amountMinor: 800 },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  const ticket = ticketViewSchema.parse(edited.body);
  const cash = await pay(ticket.id, { method: 'cash', amountMinor: 3000, tenderedMinor: 5000 });
  expect(cash.status, JSON.stringify(cash.body)).toBe(201);
  const rest = ticket.totalMinor - 3000;
  const card = await pay(ticket.id, { method: 'card', amountMinor: rest });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  await payOnHostedPage(card.body.cardModal.url, '5555555555554444');
  await settle();
  const closed = ticketViewSchema.parse((await t.as('desk').get(`/api/tickets/${ticket.id}`)).body);
  expect(closed.status).toBe('closed');
  return closed;
}

describe('the receipt of a closed ticket', () => {
  it('shows the ticket’s own totals, lines with performer and discount reason, tenders, change and the fee’s reason', async () => {
    const ticket = await closedTicket();
    const res = await receiptOf(ticket.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const receipt = receiptViewSchema.parse(res.body);
    expect(receipt).toMatchObject({
      ticketId: ticket.id,
      ticketNumber: ticket.number,
      businessName: 'Willow & Sage',
      locationName: 'Downtown',
      locationAddress: '12 Main St, Springfield',
      closedAt: ticket.closedAt,
      subtotalMinor: ticket.subtotalMinor,
      discountMinor: ticket.discountMinor,
      taxMinor: ticket.taxMinor,
      tipMinor: 800,
      totalMinor: ticket.totalMinor,
      paidMinor: ticket.totalMinor,
      changeMinor: 2000,
      refundedMinor: 0,
    });
    expect(receipt.lines).toEqual([
      expect.objectContaining({
        kind: 'service',
        name: 'Haircut',
        performer: STAFF.dana.name,
        discountMinor: 500,
        discountReason: 'Loyalty',
        feeReason: null,
      }),
      expect.objectContaining({ kind: 'fee', name: 'Late fee', performer: null, totalMinor: 1000, feeReason: 'Arrived 30 minutes late' }),
    ]);
    expect(receipt.lines.reduce((s, l) => s + l.totalMinor, 0) + receipt.tipMinor).toBe(receipt.totalMinor);
    expect(receipt.tenders.map((x) => [x.method, x.label, x.amountMinor, x.changeMinor])).toEqual([
      ['cash', 'Cash', 3000, 2000],
      // The card typed in the hosted modal, as Stripe's charge names it: brand and last four only.
      ['card', 'Mastercard •••• 4444', ticket.totalMinor - 3000, 0],
    ]);
    // GraphQL answers the same receipt.
    const gql = await t.gql(
      'viewer',
      `query($id: ID!) { ticketReceipt(ticketId: $id) { totalMinor tenders { label } lines { feeReason } } }`,
      {
        id: ticket.id,
      },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.ticketReceipt).toEqual({
      totalMinor: ticket.totalMinor,
      tenders: [{ label: 'Cash' }, { label: 'Mastercard •••• 4444' }],
      lines: [{ feeReason: null }, { feeReason: 'Arrived 30 minutes late' }],
    });
  });

  it('shows a card on file as its brand and last four digits, never more', async () => {
    const setup = await t.as('desk').post('/api/saved-payment-methods/setup', { clientId: CLIENT(7) });
    expect(setup.status, JSON.stringify(setup.body)).toBe(201);
    await payOnHostedPage(setup.body.cardModal.url, '4242424242424242');
    await settle();
    const [card] = (await t.as('desk').get(`/api/saved-payment-methods?clientId=${CLIENT(7)}`)).body;
    const ticket = await openedTicket(CLIENT(7));
    const res = await pay(ticket.id, { method: 'card_on_file', amountMinor: ticket.totalMinor, savedCardId: card.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await settle();
    const receipt = receiptViewSchema.parse((await receiptOf(ticket.id)).body);
    expect(receipt.tenders).toEqual([
      expect.objectContaining({ method: 'card_on_file', label: 'Visa •••• 4242', cardBrand: 'visa', cardLast4: '4242' }),
    ]);
    const text = JSON.stringify(receipt);
    expect(text).not.toContain('424242424242');
    expect(text).not.toContain(card.id);
  });

  it('gives a kept deposit’s fee line the reason recorded on the deposit, and lists refunds so far', async () => {
    const ticket = await closedTicket();
    // A kept deposit's fee line (modules/deposits) has no reason of its own: the deposit holds it.
    await t.sql(`UPDATE ticket_lines SET reason = NULL WHERE ticket_id = $1 AND kind = 'fee'`, [ticket.id]);
    await t.sql(
      `INSERT INTO booking_deposits (appointment_id, location_id, client_id, amount_minor, currency, status, due_at, outcome_reason, ticket_id, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, 1000, 'USD', 'forfeited', now(), 'No-show: the deposit is kept', $3, now(), now())`,
      [LOCATION, CLIENT(1), ticket.id],
    );
    const cash = (await t.as('desk').get(`/api/tickets/${ticket.id}/payments`)).body.find((p: { method: string }) => p.method === 'cash');
    const refund = await t
      .as('refunder')
      .post(`/api/payments/${cash.id}/refunds`, { amountMinor: 700, reason: 'Colour touch-up not done' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    const receipt = receiptViewSchema.parse((await receiptOf(ticket.id)).body);
    expect(receipt.lines[1]).toMatchObject({ kind: 'fee', feeReason: 'No-show: the deposit is kept' });
    expect(receipt.refundedMinor).toBe(700);
    expect(receipt.refunds).toEqual([expect.objectContaining({ amountMinor: 700, reason: 'Colour touch-up not done', tender: 'Cash' })]);
  });

  it('answers 409 naming why an open ticket has none, 404 for no ticket, 403 without the POS', async () => {
    const open = await openedTicket();
    const res = await receiptOf(open.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`Ticket #${open.number} is not paid yet: it has a receipt once it closes`);
    expect((await receiptOf('0d000000-0000-4000-8000-00000000ffff')).status).toBe(404);
    expect((await t.as('outsider').get(`/api/tickets/${open.id}/receipt`)).status).toBe(403);
  });
});

describe('sending the receipt', () => {
  it('asks messaging once per request key, with the receipt inside, and lists the request', async () => {
    const ticket = await closedTicket();
    const key = newKey();
    const first = await sendReceipt(ticket.id, { channel: 'email' }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const sent = receiptSendViewSchema.parse(first.body);
    expect(sent).toMatchObject({ ticketId: ticket.id, clientId: CLIENT(1), channel: 'email' });
    const again = await sendReceipt(ticket.id, { channel: 'email' }, key);
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(sent.id);
    const events = await requested(ticket.id);
    expect(events).toHaveLength(1);
    const payload = EVENT_PAYLOADS['retail.receipt.requested.v1'].parse(events[0]!.payload);
    expect(payload).toMatchObject({ sendId: sent.id, ticketId: ticket.id, clientId: CLIENT(1), channel: 'email' });
    expect(payload.receipt.totalMinor).toBe(ticket.totalMinor);
    // Another channel under the same key is a mistake, named; a new key is a new request.
    const misuse = await sendReceipt(ticket.id, { channel: 'sms' }, key);
    expect(misuse.status).toBe(409);
    expect((await sendReceipt(ticket.id, { channel: 'sms' })).status).toBe(202);
    const listed = (await t.as('viewer').get(`/api/tickets/${ticket.id}/receipt-sends`)).body;
    expect(listed.map((s: { channel: string }) => s.channel)).toEqual(['sms', 'email']);
    // GraphQL, as the POS asks: the same rules.
    const mutation = `mutation($id: ID!, $key: String!) { sendReceipt(ticketId: $id, channel: "email", idempotencyKey: $key) { id channel } }`;
    const gqlKey = newKey();
    const viaGql = await t.gql('desk', mutation, { id: ticket.id, key: gqlKey });
    expect(viaGql.errors).toBeUndefined();
    expect((await t.gql('desk', mutation, { id: ticket.id, key: gqlKey })).data.sendReceipt.id).toBe(viaGql.data.sendReceipt.id);
    expect(await requested(ticket.id)).toHaveLength(3);
  });

  it('refuses what it cannot send, naming the field: no key, a bad channel, an open ticket, no client', async () => {
    const ticket = await closedTicket();
    const noKey = await sendReceipt(ticket.id, { channel: 'email' }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.details).toEqual([expect.objectContaining({ field: 'Idempotency-Key' })]);
    const bad = await sendReceipt(ticket.id, { channel: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'channel', message: 'must be email or sms' }]);
    const open = await openedTicket();
    expect((await sendReceipt(open.id, { channel: 'email' })).status).toBe(409);
    const walkIn = await t.as('desk').post('/api/tickets', { locationId: LOCATION });
    const line = await t.as('manager').patch(`/api/tickets/${walkIn.body.id}`, {
      version: walkIn.body.version,
      lines: [{ kind: 'product', name: 'Comb', unitPriceMinor: 500 }],
    });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    expect((await pay(walkIn.body.id, { method: 'cash', amountMinor: line.body.totalMinor })).status).toBe(201);
    const nobody = await sendReceipt(walkIn.body.id, { channel: 'email' });
    expect(nobody.status).toBe(400);
    expect(nobody.body.details).toEqual([{ field: 'clientId', message: expect.stringContaining('has no client to send the receipt to') }]);
    expect(
      (await t.as('viewer').post(`/api/tickets/${ticket.id}/receipt-sends`, { channel: 'email' }).set('Idempotency-Key', newKey())).status,
    ).toBe(403);
    expect(await requested(ticket.id)).toHaveLength(0);
  });
});
