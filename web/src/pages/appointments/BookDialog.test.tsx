// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../../lib/apollo';
import { BookDialog } from './BookDialog';
import { WaitlistPanel } from './WaitlistPanel';

// The real picker searches the clients API; here one click picks a known client.
vi.mock('../../components/client-picker', () => ({
  ClientPicker: ({ onChange }: { onChange(c: unknown): void }) => (
    <button
      type="button"
      data-testid="pick-client"
      onClick={() => onChange({ id: 'c1', fullName: 'Bea Cole', firstName: 'Bea', lastName: 'Cole', phone: null, email: null, alerts: [] })}
    >
      pick
    </button>
  ),
}));

const SERVICES = [
  { __typename: 'Service', id: 's1', name: 'Haircut', durationMin: 45, category: null, active: true, onlineBookable: true, staff: [] },
  { __typename: 'Service', id: 's2', name: 'Colour', durationMin: 90, category: null, active: true, onlineBookable: true, staff: [] },
];
const STAFF = [
  { id: 'st1', fullName: 'Dana Lee' },
  { id: 'st2', fullName: 'Jordan Patel' },
];

// REST routes are 'METHOD /path'; GraphQL operations 'GQL OperationName' (body: the variables; answer: {data} or {errors}).
type Route = (body: any) => { status: number; body: unknown };
let routes: Record<string, Route>;
let calls: { method: string; path: string; body: any }[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  routes = { 'GQL BookingDialogServices': () => ({ status: 200, body: { data: { services: SERVICES } } }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      let path = String(url).split('?')[0]!;
      let method = init?.method ?? 'GET';
      let body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (path === '/graphql') {
        method = 'GQL';
        path = body.operationName;
        body = body.variables;
      }
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      if (!route) return json(404, { error: `no route ${method} ${path}` });
      const r = route(body);
      return json(r.status, r.body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrap(node: ReactNode) {
  return render(<ApolloProvider client={createApolloClient()}>{node}</ApolloProvider>);
}

const gqlConflict = (error: string, extensions: Record<string, unknown>) => ({
  status: 200,
  body: { errors: [{ message: error, extensions: { code: 'CONFLICT', status: 409, ...extensions } }], data: null },
});

async function openDialog(onClose = vi.fn()) {
  wrap(<BookDialog locationId="loc1" date="2026-11-24" startMin={600} staffId="st1" staff={STAFF} onClose={onClose} />);
  fireEvent.click(screen.getByTestId('pick-client'));
  await screen.findByRole('option', { name: /Haircut/ });
  fireEvent.change(screen.getByTestId('book-service'), { target: { value: 's1' } });
  return onClose;
}

/** The variables' input of each call of a GraphQL operation. */
const sent = (operation: string) =>
  calls.filter((c) => c.method === 'GQL' && c.path === operation).map((c) => ({ body: c.body.input ?? c.body }));

describe('BookDialog: Repeat', () => {
  it('checks every date before saving, shows each one ok or refused with its reason, then books the free ones', async () => {
    const occurrence = (o: object) => ({ __typename: 'SeriesOccurrence', ...o });
    routes['GQL PreviewAppointmentSeries'] = () => ({
      status: 200,
      body: {
        data: {
          appointmentSeriesPreview: {
            __typename: 'SeriesPreview',
            timeZone: 'America/Chicago',
            occurrences: [
              occurrence({
                startsAt: '2026-11-24T16:00:00.000Z',
                endsAt: '2026-11-24T16:45:00.000Z',
                ok: true,
                staffName: 'Dana Lee',
                reason: null,
                alternatives: [],
              }),
              occurrence({
                startsAt: '2026-12-01T16:00:00.000Z',
                endsAt: null,
                ok: false,
                staffName: null,
                reason: 'Dana Lee is on break (Lunch)',
                alternatives: [],
              }),
              occurrence({
                startsAt: '2026-12-08T16:00:00.000Z',
                endsAt: '2026-12-08T16:45:00.000Z',
                ok: true,
                staffName: 'Dana Lee',
                reason: null,
                alternatives: [],
              }),
            ],
          },
        },
      },
    });
    routes['GQL CreateAppointmentSeries'] = () => ({
      status: 200,
      body: {
        data: {
          createAppointmentSeries: {
            __typename: 'SeriesCreated',
            series: { __typename: 'AppointmentSeries', id: 'r1' },
            appointments: [
              { __typename: 'Appointment', id: 'a1' },
              { __typename: 'Appointment', id: 'a2' },
            ],
            skipped: [{ __typename: 'RefusedOccurrence', startsAt: '2026-12-01T16:00:00.000Z', reason: 'x' }],
          },
        },
      },
    });
    const onClose = await openDialog();

    fireEvent.click(screen.getByTestId('repeat-toggle'));
    fireEvent.change(screen.getByTestId('repeat-every'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('repeat-count'), { target: { value: '3' } });
    expect(screen.getByTestId('book-submit').textContent).toBe('Check dates');
    fireEvent.click(screen.getByTestId('book-submit'));

    await screen.findByTestId('series-preview');
    expect(sent('PreviewAppointmentSeries')[0]!.body).toMatchObject({
      locationId: 'loc1',
      clientId: 'c1',
      serviceId: 's1',
      staffId: 'st1',
      everyWeeks: 1,
      count: 3,
      source: 'staff',
    });
    expect(screen.getAllByTestId('occurrence-ok')).toHaveLength(2);
    expect(screen.getByTestId('occurrence-conflict').textContent).toContain('Dana Lee is on break (Lunch)');
    expect(sent('CreateAppointmentSeries')).toHaveLength(0); // nothing saved by the preview

    expect(screen.getByTestId('book-submit').textContent).toBe('Book 2 free dates, skip 1');
    fireEvent.click(screen.getByTestId('book-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('CreateAppointmentSeries')[0]!.body).toMatchObject({ serviceId: 's1', everyWeeks: 1, count: 3, skipConflicts: true });
  });

  it('a change after the preview makes it stale: the dates are checked again', async () => {
    routes['GQL PreviewAppointmentSeries'] = () => ({
      status: 200,
      body: {
        data: {
          appointmentSeriesPreview: {
            __typename: 'SeriesPreview',
            timeZone: 'America/Chicago',
            occurrences: [
              {
                __typename: 'SeriesOccurrence',
                startsAt: '2026-11-24T16:00:00.000Z',
                endsAt: null,
                ok: true,
                staffName: null,
                reason: null,
                alternatives: [],
              },
            ],
          },
        },
      },
    });
    await openDialog();
    fireEvent.click(screen.getByTestId('repeat-toggle'));
    fireEvent.change(screen.getByTestId('repeat-end'), { target: { value: 'until' } });
    expect(screen.getByTestId('repeat-hint').textContent).toBe('Choose the last date');
    expect((screen.getByTestId('book-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('repeat-until'), { target: { value: '2027-01-26' } });
    fireEvent.click(screen.getByTestId('book-submit'));
    await screen.findByTestId('series-preview');
    expect(sent('PreviewAppointmentSeries')[0]!.body).toMatchObject({ until: '2027-01-26' });
    fireEvent.change(screen.getByTestId('book-time'), { target: { value: '11:00' } });
    expect(screen.queryByTestId('series-preview')).toBeNull();
    expect(screen.getByTestId('book-submit').textContent).toBe('Check dates');
  });
});

describe('BookDialog: Add another service', () => {
  it('books one visit with the services in order, each with its staff', async () => {
    routes['GQL BookAppointment'] = (body) => ({
      status: 200,
      body: {
        data: {
          bookAppointment: {
            __typename: 'Appointment',
            id: 'a1',
            startsAt: body.input.startsAt,
            endsAt: body.input.startsAt,
            staffId: 'st1',
            status: 'booked',
            version: 1,
          },
        },
      },
    });
    const onClose = await openDialog();
    fireEvent.click(screen.getByTestId('add-service'));
    fireEvent.change(screen.getByTestId('extra-service-select-0'), { target: { value: 's2' } });
    fireEvent.change(screen.getByTestId('extra-staff-select-0'), { target: { value: 'st2' } });
    fireEvent.click(screen.getByTestId('book-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = sent('BookAppointment')[0]!.body;
    expect(body.services).toEqual([
      { serviceId: 's1', staffId: 'st1' },
      { serviceId: 's2', staffId: 'st2' },
    ]);
    expect(body.serviceId).toBeUndefined();
  });

  it('an extra row without a service is left out; a removed row is gone', async () => {
    routes['GQL BookAppointment'] = (body) => ({
      status: 200,
      body: {
        data: {
          bookAppointment: {
            __typename: 'Appointment',
            id: 'a1',
            startsAt: body.input.startsAt,
            endsAt: body.input.startsAt,
            staffId: 'st1',
            status: 'booked',
            version: 1,
          },
        },
      },
    });
    await openDialog();
    fireEvent.click(screen.getByTestId('add-service'));
    fireEvent.click(screen.getByTestId('add-service'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove service 3' }));
    expect(screen.queryByTestId('extra-service-1')).toBeNull();
    fireEvent.click(screen.getByTestId('book-submit'));
    await waitFor(() => expect(sent('BookAppointment')).toHaveLength(1));
    expect(sent('BookAppointment')[0]!.body).toMatchObject({ serviceId: 's1', staffId: 'st1' });
  });
});

describe('BookDialog: refused time → Add to waitlist', () => {
  it('offers the waitlist for that day with the chosen service and staff', async () => {
    routes['GQL BookAppointment'] = () => gqlConflict('Dana Lee is with a client until 10:45 AM', { alternatives: [], taken: null });
    routes['GQL AddToWaitlist'] = () => ({
      status: 200,
      body: { data: { addToWaitlist: { __typename: 'WaitlistEntry', id: 'w1', status: 'waiting' } } },
    });
    await openDialog();
    fireEvent.click(screen.getByTestId('book-submit'));
    expect((await screen.findByTestId('booking-error')).textContent).toContain('Dana Lee is with a client until 10:45 AM');
    fireEvent.click(screen.getByTestId('add-to-waitlist'));
    await waitFor(() => expect(screen.getByTestId('add-to-waitlist').textContent).toBe('On the waitlist'));
    expect(sent('AddToWaitlist')[0]!.body).toMatchObject({
      locationId: 'loc1',
      clientId: 'c1',
      serviceId: 's1',
      staffId: 'st1',
      dateFrom: '2026-11-24',
      dateTo: '2026-11-24',
    });
    expect((screen.getByTestId('add-to-waitlist') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('WaitlistPanel', () => {
  const entry = (id: string, status: string, offer: unknown = null, client: unknown = null) => ({
    __typename: 'WaitlistEntry',
    id,
    locationId: 'loc1',
    clientId: `c-${id}`,
    serviceId: 's1',
    serviceName: 'Haircut',
    staffId: 'st1',
    dateFrom: '2026-11-24',
    dateTo: '2026-11-24',
    windowStart: '14:00',
    windowEnd: '17:00',
    note: null,
    status,
    appointmentId: null,
    createdAt: '2026-11-20T10:00:00Z',
    offer,
    client,
  });

  it('lists the entries with their status; cancel and book an offer from it', async () => {
    // The client's name comes with the entry (clients' Client, through the gateway).
    const offer = {
      __typename: 'WaitlistOffer',
      id: 'o1',
      startsAt: '2026-11-24T21:00:00Z',
      endsAt: '2026-11-24T21:45:00Z',
      staffId: 'st1',
      expiresAt: '2026-11-24T20:00:00Z',
      status: 'open',
    };
    routes['GQL WaitlistEntries'] = () => ({
      status: 200,
      body: {
        data: {
          waitlistEntries: [
            entry('w1', 'waiting', null, { __typename: 'Client', id: 'c-w1', fullName: 'Ann Ames' }),
            entry('w2', 'offered', offer),
            entry('w3', 'booked'),
          ],
        },
      },
    });
    routes['GQL CancelWaitlistEntry'] = () => ({
      status: 200,
      body: { data: { cancelWaitlistEntry: { __typename: 'WaitlistEntry', id: 'w1', status: 'cancelled' } } },
    });
    routes['GQL AcceptWaitlistOffer'] = () => ({
      status: 200,
      body: {
        data: {
          acceptWaitlistOffer: {
            __typename: 'WaitlistAccepted',
            entry: { __typename: 'WaitlistEntry', id: 'w2', status: 'booked' },
            appointment: { __typename: 'Appointment', id: 'a9', startsAt: '2026-11-24T21:00:00Z' },
          },
        },
      },
    });
    wrap(<WaitlistPanel locationId="loc1" from="2026-11-24" to="2026-11-24" staffNames={new Map([['st1', 'Dana Lee']])} />);

    const row = await screen.findByTestId('waitlist-entry-w1');
    expect(calls.find((c) => c.path === 'WaitlistEntries')?.body).toMatchObject({
      locationId: 'loc1',
      from: '2026-11-24',
      to: '2026-11-24',
    });
    expect(screen.getAllByTestId('waitlist-status').map((s) => s.textContent)).toEqual(['waiting', 'offered', 'booked']);
    expect(row.textContent).toContain('Dana Lee');
    expect(row.textContent).toContain('14:00–17:00');
    await waitFor(() => expect(row.textContent).toContain('Ann Ames'));
    expect(screen.getByTestId('waitlist-entry-w3').querySelector('[data-testid="waitlist-cancel"]')).toBeNull();

    fireEvent.click(row.querySelector('[data-testid="waitlist-cancel"]')!);
    await waitFor(() => expect(sent('CancelWaitlistEntry')).toHaveLength(1));
    expect(sent('CancelWaitlistEntry')[0]!.body).toEqual({ id: 'w1' });
    fireEvent.click(screen.getByTestId('waitlist-accept'));
    await waitFor(() => expect(sent('AcceptWaitlistOffer')).toHaveLength(1));
    expect(sent('AcceptWaitlistOffer')[0]!.body).toEqual({ id: 'w2' });
  });
});
