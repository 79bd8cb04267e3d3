// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BookDialog } from './BookDialog';
import { WaitlistPanel } from './WaitlistPanel';

// The real picker searches the clients API; here one click picks a known client.
vi.mock('../../components/client-picker', () => ({
  ClientPicker: ({ onChange }: { onChange(c: unknown): void }) => (
    <button type="button" data-testid="pick-client" onClick={() => onChange({ id: 'c1', fullName: 'Bea Cole', firstName: 'Bea', lastName: 'Cole', phone: null, email: null, alerts: [] })}>
      pick
    </button>
  ),
}));

const SERVICES = [
  { id: 's1', name: 'Haircut', durationMin: 45, active: true },
  { id: 's2', name: 'Colour', durationMin: 90, active: true },
];
const STAFF = [
  { id: 'st1', fullName: 'Dana Lee' },
  { id: 'st2', fullName: 'Jordan Patel' },
];

type Route = (body: any) => { status: number; body: unknown };
let routes: Record<string, Route>;
let calls: { method: string; path: string; body: any }[];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  routes = { 'GET /api/services': () => ({ status: 200, body: SERVICES }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = String(url).split('?')[0]!;
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
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
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);
}

async function openDialog(onClose = vi.fn()) {
  wrap(<BookDialog locationId="loc1" date="2026-11-24" startMin={600} staffId="st1" staff={STAFF} onClose={onClose} />);
  fireEvent.click(screen.getByTestId('pick-client'));
  await screen.findByRole('option', { name: /Haircut/ });
  fireEvent.change(screen.getByTestId('book-service'), { target: { value: 's1' } });
  return onClose;
}

const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('BookDialog: Repeat', () => {
  it('checks every date before saving, shows each one ok or refused with its reason, then books the free ones', async () => {
    routes['POST /api/appointment-series/preview'] = () => ({
      status: 200,
      body: {
        timeZone: 'America/Chicago',
        occurrences: [
          { startsAt: '2026-11-24T16:00:00.000Z', endsAt: '2026-11-24T16:45:00.000Z', ok: true, staffName: 'Dana Lee', reason: null, alternatives: [] },
          { startsAt: '2026-12-01T16:00:00.000Z', endsAt: null, ok: false, staffName: null, reason: 'Dana Lee is on break (Lunch)', alternatives: [] },
          { startsAt: '2026-12-08T16:00:00.000Z', endsAt: '2026-12-08T16:45:00.000Z', ok: true, staffName: 'Dana Lee', reason: null, alternatives: [] },
        ],
      },
    });
    routes['POST /api/appointment-series'] = () => ({ status: 201, body: { series: { id: 'r1' }, appointments: [{ id: 'a1' }, { id: 'a2' }], skipped: [{ startsAt: '2026-12-01T16:00:00.000Z', reason: 'x' }] } });
    const onClose = await openDialog();

    fireEvent.click(screen.getByTestId('repeat-toggle'));
    fireEvent.change(screen.getByTestId('repeat-every'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('repeat-count'), { target: { value: '3' } });
    expect(screen.getByTestId('book-submit').textContent).toBe('Check dates');
    fireEvent.click(screen.getByTestId('book-submit'));

    await screen.findByTestId('series-preview');
    expect(posted('/api/appointment-series/preview')[0]!.body).toMatchObject({ locationId: 'loc1', clientId: 'c1', serviceId: 's1', staffId: 'st1', everyWeeks: 1, count: 3, source: 'staff' });
    expect(screen.getAllByTestId('occurrence-ok')).toHaveLength(2);
    expect(screen.getByTestId('occurrence-conflict').textContent).toContain('Dana Lee is on break (Lunch)');
    expect(posted('/api/appointment-series')).toHaveLength(0); // nothing saved by the preview

    expect(screen.getByTestId('book-submit').textContent).toBe('Book 2 free dates, skip 1');
    fireEvent.click(screen.getByTestId('book-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted('/api/appointment-series')[0]!.body).toMatchObject({ serviceId: 's1', everyWeeks: 1, count: 3, skipConflicts: true });
  });

  it('a change after the preview makes it stale: the dates are checked again', async () => {
    routes['POST /api/appointment-series/preview'] = () => ({ status: 200, body: { timeZone: 'America/Chicago', occurrences: [{ startsAt: '2026-11-24T16:00:00.000Z', endsAt: null, ok: true, staffName: null, reason: null, alternatives: [] }] } });
    await openDialog();
    fireEvent.click(screen.getByTestId('repeat-toggle'));
    fireEvent.change(screen.getByTestId('repeat-end'), { target: { value: 'until' } });
    expect(screen.getByTestId('repeat-hint').textContent).toBe('Choose the last date');
    expect((screen.getByTestId('book-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('repeat-until'), { target: { value: '2027-01-26' } });
    fireEvent.click(screen.getByTestId('book-submit'));
    await screen.findByTestId('series-preview');
    expect(posted('/api/appointment-series/preview')[0]!.body).toMatchObject({ until: '2027-01-26' });
    fireEvent.change(screen.getByTestId('book-time'), { target: { value: '11:00' } });
    expect(screen.queryByTestId('series-preview')).toBeNull();
    expect(screen.getByTestId('book-submit').textContent).toBe('Check dates');
  });
});

describe('BookDialog: Add another service', () => {
  it('books one visit with the services in order, each with its staff', async () => {
    routes['POST /api/appointments'] = (body) => ({ status: 201, body: { id: 'a1', startsAt: body.startsAt } });
    const onClose = await openDialog();
    fireEvent.click(screen.getByTestId('add-service'));
    fireEvent.change(screen.getByTestId('extra-service-select-0'), { target: { value: 's2' } });
    fireEvent.change(screen.getByTestId('extra-staff-select-0'), { target: { value: 'st2' } });
    fireEvent.click(screen.getByTestId('book-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = posted('/api/appointments')[0]!.body;
    expect(body.services).toEqual([{ serviceId: 's1', staffId: 'st1' }, { serviceId: 's2', staffId: 'st2' }]);
    expect(body.serviceId).toBeUndefined();
  });

  it('an extra row without a service is left out; a removed row is gone', async () => {
    routes['POST /api/appointments'] = (body) => ({ status: 201, body: { id: 'a1', startsAt: body.startsAt } });
    await openDialog();
    fireEvent.click(screen.getByTestId('add-service'));
    fireEvent.click(screen.getByTestId('add-service'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove service 3' }));
    expect(screen.queryByTestId('extra-service-1')).toBeNull();
    fireEvent.click(screen.getByTestId('book-submit'));
    await waitFor(() => expect(posted('/api/appointments')).toHaveLength(1));
    expect(posted('/api/appointments')[0]!.body).toMatchObject({ serviceId: 's1', staffId: 'st1' });
  });
});

describe('BookDialog: refused time → Add to waitlist', () => {
  it('offers the waitlist for that day with the chosen service and staff', async () => {
    routes['POST /api/appointments'] = () => ({ status: 409, body: { error: 'Dana Lee is with a client until 10:45 AM', alternatives: [], taken: null } });
    routes['POST /api/waitlist'] = (body) => ({ status: 201, body: { id: 'w1', status: 'waiting', ...body } });
    await openDialog();
    fireEvent.click(screen.getByTestId('book-submit'));
    expect((await screen.findByTestId('booking-error')).textContent).toContain('Dana Lee is with a client until 10:45 AM');
    fireEvent.click(screen.getByTestId('add-to-waitlist'));
    await waitFor(() => expect(screen.getByTestId('add-to-waitlist').textContent).toBe('On the waitlist'));
    expect(posted('/api/waitlist')[0]!.body).toMatchObject({ locationId: 'loc1', clientId: 'c1', serviceId: 's1', staffId: 'st1', dateFrom: '2026-11-24', dateTo: '2026-11-24' });
    expect((screen.getByTestId('add-to-waitlist') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('WaitlistPanel', () => {
  const entry = (id: string, status: string, offer: unknown = null) => ({
    id, clientId: `c-${id}`, serviceId: 's1', serviceName: 'Haircut', staffId: 'st1', dateFrom: '2026-11-24', dateTo: '2026-11-24', windowStart: '14:00', windowEnd: '17:00',
    note: null, status, createdAt: '2026-11-20T10:00:00Z', offer,
  });

  it('lists the entries with their status; cancel and book an offer from it', async () => {
    routes['GET /api/waitlist'] = () => ({
      status: 200,
      body: [entry('w1', 'waiting'), entry('w2', 'offered', { id: 'o1', startsAt: '2026-11-24T21:00:00Z', endsAt: '2026-11-24T21:45:00Z', staffId: 'st1', expiresAt: '2026-11-24T20:00:00Z', status: 'open' }), entry('w3', 'booked')],
    });
    routes['GET /api/clients/c-w1'] = () => ({ status: 200, body: { fullName: 'Ann Ames' } });
    routes['POST /api/waitlist/w1/cancel'] = () => ({ status: 200, body: entry('w1', 'cancelled') });
    routes['POST /api/waitlist/w2/accept'] = () => ({ status: 201, body: { appointment: { id: 'a9', startsAt: '2026-11-24T21:00:00Z' } } });
    wrap(<WaitlistPanel locationId="loc1" from="2026-11-24" to="2026-11-24" staffNames={new Map([['st1', 'Dana Lee']])} />);

    const row = await screen.findByTestId('waitlist-entry-w1');
    expect(calls.find((c) => c.path === '/api/waitlist')).toBeTruthy();
    expect(screen.getAllByTestId('waitlist-status').map((s) => s.textContent)).toEqual(['waiting', 'offered', 'booked']);
    expect(row.textContent).toContain('Dana Lee');
    expect(row.textContent).toContain('14:00–17:00');
    await waitFor(() => expect(row.textContent).toContain('Ann Ames'));
    expect(screen.getByTestId('waitlist-entry-w3').querySelector('[data-testid="waitlist-cancel"]')).toBeNull();

    fireEvent.click(row.querySelector('[data-testid="waitlist-cancel"]')!);
    await waitFor(() => expect(posted('/api/waitlist/w1/cancel')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('waitlist-accept'));
    await waitFor(() => expect(posted('/api/waitlist/w2/accept')).toHaveLength(1));
  });
});
