import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT, CLIENT, LOCATION, newKey, startRetail, type RetailTestApp } from './retail-app.js';

let t: RetailTestApp;

beforeAll(async () => {
  t = await startRetail('graphql');
});
afterAll(async () => t?.close());

describe('subgraph schema', () => {
  it('matches the checked-in schema.graphql (UPDATE_SCHEMA=1 rewrites it)', async () => {
    const res = await t.gql(null, '{ _service { sdl } }');
    const sdl = res.data._service.sdl as string;
    const file = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(file, `${sdl.trim()}\n`);
    expect(`${sdl.trim()}\n`).toBe(readFileSync(file, 'utf8'));
  });
});

const TICKET_FIELDS = `id number status totalMinor paidMinor balanceMinor tipMinor version
  lines { id name unitPriceMinor staffName }
  tip { percent amountMinor split { staffName amountMinor } }
  client { id }`;

describe('the checkout through GraphQL: the same use-cases and guards as REST', () => {
  it('opens from an appointment, tips 20%, pays in cash with change, refunds part', async () => {
    const appointmentId = t.platform.book(1);
    const opened = await t.gql('desk', `mutation($input: OpenTicketInput!) { openTicket(input: $input) { ${TICKET_FIELDS} } }`, {
      input: { locationId: LOCATION, appointmentIds: [appointmentId] },
    });
    expect(opened.errors).toBeUndefined();
    const ticket = opened.data.openTicket;
    expect(ticket).toMatchObject({
      status: 'open',
      totalMinor: 5500,
      lines: [{ name: 'Haircut', unitPriceMinor: 5500, staffName: 'Dana Lee' }],
      client: { id: CLIENT(1) },
    });

    const tipped = await t.gql(
      'desk',
      `mutation($id: ID!, $input: UpdateTicketInput!) { updateTicket(id: $id, input: $input) { ${TICKET_FIELDS} } }`,
      {
        id: ticket.id,
        input: { version: ticket.version, tip: { percent: 20 } },
      },
    );
    expect(tipped.data.updateTicket).toMatchObject({
      totalMinor: 6600,
      tip: { percent: 20, amountMinor: 1100, split: [{ staffName: 'Dana Lee', amountMinor: 1100 }] },
    });

    const PAY = `mutation($ticketId: ID!, $input: PayTicketInput!, $key: String!) {
      payTicket(ticketId: $ticketId, input: $input, idempotencyKey: $key) { payment { id amountMinor changeMinor } ticket { status balanceMinor } } }`;
    const key = newKey();
    const paid = await t.gql('desk', PAY, { ticketId: ticket.id, input: { method: 'cash', amountMinor: 6600, tenderedMinor: 7000 }, key });
    expect(paid.data.payTicket).toMatchObject({
      payment: { amountMinor: 6600, changeMinor: 400 },
      ticket: { status: 'closed', balanceMinor: 0 },
    });
    const retried = await t.gql('desk', PAY, {
      ticketId: ticket.id,
      input: { method: 'cash', amountMinor: 6600, tenderedMinor: 7000 },
      key,
    });
    expect(retried.data.payTicket.payment.id).toBe(paid.data.payTicket.payment.id);

    const REFUND = `mutation($paymentId: ID!, $input: RefundInput!) { refundPayment(paymentId: $paymentId, input: $input) { payment { refundableMinor } ticket { refundedMinor } } }`;
    const paymentId = paid.data.payTicket.payment.id;
    const refused = await t.gql('desk', REFUND, { paymentId, input: { amountMinor: 1000, reason: 'Fringe' } });
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
    const over = await t.gql('manager', REFUND, { paymentId, input: { amountMinor: 6601, reason: 'Fringe' } });
    expect(over.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amountMinor' });
    const refunded = await t.gql('manager', REFUND, { paymentId, input: { amountMinor: 1000, reason: 'Fringe' } });
    expect(refunded.data.refundPayment).toEqual({ payment: { refundableMinor: 5600 }, ticket: { refundedMinor: 1000 } });

    const read = await t.gql(
      'viewer',
      `query($id: ID!) { ticket(id: $id) { status payments { method amountMinor refunds { amountMinor reason } } } }`,
      { id: ticket.id },
    );
    expect(read.data.ticket).toEqual({
      status: 'closed',
      payments: [{ method: 'cash', amountMinor: 6600, refunds: [{ amountMinor: 1000, reason: 'Fringe' }] }],
    });
    const closed = await t.gql(
      'manager',
      `mutation($id: ID!, $input: UpdateTicketInput!) { updateTicket(id: $id, input: $input) { id } }`,
      {
        id: ticket.id,
        input: { version: 99, tip: { percent: 15 } },
      },
    );
    expect(closed.errors[0].extensions.code).toBe('CONFLICT');
  });

  it('lists the day to check out and the tickets, with the client for the clients subgraph', async () => {
    t.platform.book(2, { startsAt: '2026-11-24T16:00:00.000Z', clientId: CLIENT(5) });
    const res = await t.gql(
      'viewer',
      `query($loc: ID!) {
      checkoutAppointments(locationId: $loc, date: "2026-11-24") { appointmentId serviceName ticketId client { id } }
      tickets(locationId: $loc, status: "closed") { id }
      posSettings(locationId: $loc) { tipPresets discountLimitPercent }
    }`,
      { loc: LOCATION },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.checkoutAppointments).toEqual([
      { appointmentId: APPOINTMENT(2), serviceName: 'Haircut', ticketId: null, client: { id: CLIENT(5) } },
    ]);
    expect(res.data.tickets.length).toBeGreaterThan(0);
    expect(res.data.posSettings).toEqual({ tipPresets: [15, 18, 20, 25], discountLimitPercent: 20 });
  });

  it('refuses a caller without POS permissions and names bad input', async () => {
    const denied = await t.gql('outsider', `query($loc: ID!) { tickets(locationId: $loc) { id } }`, { loc: LOCATION });
    expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    const bad = await t.gql('desk', `mutation { openTicket(input: { locationId: "nope" }) { id } }`);
    expect(bad.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'locationId' });
    const card = await t.gql(
      'desk',
      `mutation { payTicket(ticketId: "${CLIENT(1)}", input: { method: "card", amountMinor: 100 }, idempotencyKey: "${newKey()}") { payment { id } } }`,
    );
    expect(card.errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('resolves a Ticket by reference for other subgraphs', async () => {
    const ticket = (await t.as('desk').post('/api/tickets', { locationId: LOCATION }).expect(201)).body;
    const res = await t.gql('viewer', `query($r: [_Any!]!) { _entities(representations: $r) { ... on Ticket { id number status } } }`, {
      r: [{ __typename: 'Ticket', id: ticket.id }],
    });
    expect(res.data._entities).toEqual([{ id: ticket.id, number: ticket.number, status: 'open' }]);
  });
});
