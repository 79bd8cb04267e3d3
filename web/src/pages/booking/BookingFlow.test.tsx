// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApolloProvider } from '@apollo/client/react';
import { apolloClient } from '../../lib/apollo';
import { BookingFlow, designStyle } from './BookingFlow';
import { contrastRatio } from '../../lib/theme';
import type { BookingInfo } from './booking-api';

// The staff flow's client picker asks what the signed-in person may do (create a client inline: no).
vi.mock('../../session/use-permissions', () => ({ usePermissions: () => ({ can: () => false }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LOC = { id: 'loc-1', name: 'Downtown', timeZone: 'America/Chicago', address: '1 Main St', phone: null };
const info: BookingInfo = {
  businessName: 'Demo Salon',
  design: {
    primaryColor: '#6d28d9',
    backgroundColor: '#ffffff',
    logoUrl: null,
    headline: null,
    intro: null,
    policies: 'Cancel 24 hours ahead.',
    allowAnyStaff: true,
  },
  locations: [LOC],
};
const SERVICES = [
  {
    id: 'svc-1',
    name: 'Haircut',
    category: 'Hair',
    description: null,
    durationMin: 45,
    priceMinor: 5500,
    maxPriceMinor: 5500,
    currency: 'USD',
    staff: [
      { id: 'st-1', name: 'Dana Lee' },
      { id: 'st-2', name: 'Jordan Patel' },
    ],
  },
  {
    id: 'svc-2',
    name: 'Blow-dry',
    category: 'Hair',
    description: null,
    durationMin: 30,
    priceMinor: 3500,
    maxPriceMinor: 3500,
    currency: 'USD',
    staff: [{ id: 'st-2', name: 'Jordan Patel' }],
  },
];

/** Answers the page's calls like the server; the first booking attempt loses a race (409 with an alternative). */
function server() {
  const now = Date.now();
  const tomorrow = (h: number) => new Date(Math.ceil(now / 86_400_000) * 86_400_000 + 86_400_000 + h * 3_600_000).toISOString();
  const slot = (h: number) => ({ startsAt: tomorrow(h), endsAt: tomorrow(h + 1), staffId: 'st-1', staffName: 'Dana Lee', resources: [] });
  const booked: unknown[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/online-booking/services')) return json(200, SERVICES);
    if (url.startsWith('/api/online-booking/availability') && url.includes('serviceIds=svc-1%2Csvc-2')) {
      const visit = {
        ...slot(16),
        endsAt: tomorrow(17.25),
        segments: [
          {
            serviceId: 'svc-1',
            serviceName: 'Haircut',
            staffId: 'st-1',
            staffName: 'Dana Lee',
            startsAt: tomorrow(16),
            endsAt: tomorrow(16.75),
          },
          {
            serviceId: 'svc-2',
            serviceName: 'Blow-dry',
            staffId: 'st-2',
            staffName: 'Jordan Patel',
            startsAt: tomorrow(16.75),
            endsAt: tomorrow(17.25),
          },
        ],
      };
      return json(200, { timeZone: 'America/Chicago', slots: [visit] });
    }
    if (url.startsWith('/api/online-booking/availability'))
      return json(200, { timeZone: 'America/Chicago', slots: [slot(16), slot(17), slot(20)] });
    if (url === '/api/online-booking/appointments') {
      const body = JSON.parse(String(init?.body));
      booked.push({ body, key: (init?.headers as Record<string, string>)['Idempotency-Key'] });
      if (body.services)
        return json(201, {
          appointment: {
            id: 'a-2',
            status: 'booked',
            serviceId: 'svc-1',
            staffId: 'st-1',
            startsAt: body.startsAt,
            endsAt: body.startsAt,
            serviceName: 'Haircut + Blow-dry',
            staffName: 'Dana Lee',
            priceMinor: 9000,
            currency: 'USD',
            locationId: LOC.id,
          },
          policies: null,
        });
      if (booked.length === 1)
        return json(409, {
          error: 'Dana Lee is already booked at 10:00 AM',
          alternatives: [slot(20)],
          taken: [
            { startsAt: body.startsAt, reason: 'Dana Lee is already booked at 10:00 AM', kind: 'staff', id: 'st-1', name: 'Dana Lee' },
          ],
        });
      return json(201, {
        appointment: {
          id: 'a-1',
          status: 'booked',
          serviceId: 'svc-1',
          staffId: 'st-1',
          startsAt: body.startsAt,
          endsAt: body.startsAt,
          serviceName: 'Haircut',
          staffName: 'Dana Lee',
          priceMinor: 5500,
          currency: 'USD',
          locationId: LOC.id,
        },
        policies: null,
      });
    }
    if (url === '/graphql') {
      const { operationName, variables } = JSON.parse(String(init?.body));
      if (operationName === 'ClientPickerSearch') {
        const ana = {
          __typename: 'Client',
          id: 'c-1',
          firstName: 'Ana',
          lastName: 'Ruiz',
          fullName: 'Ana Ruiz',
          phone: null,
          email: null,
          alerts: [],
        };
        return json(200, { data: { clients: { __typename: 'ClientPage', total: 1, items: [ana] } } });
      }
      if (operationName === 'StaffBookFromFlow') {
        booked.push({ body: variables.input });
        if (booked.length === 1)
          return json(200, {
            data: null,
            errors: [
              {
                message: 'Dana Lee is already booked at 10:00 AM',
                extensions: {
                  code: 'CONFLICT',
                  taken: [{ startsAt: variables.input.startsAt, reason: 'booked' }],
                  alternatives: [slot(20)],
                },
              },
            ],
          });
        const { startsAt } = variables.input;
        const appointment = { id: 'a-3', status: 'booked', serviceId: 'svc-1', serviceName: 'Haircut', staffId: 'st-1' };
        return json(200, {
          data: {
            bookAppointment: { __typename: 'Appointment', ...appointment, startsAt, endsAt: startsAt, priceMinor: 5500, currency: 'USD' },
          },
        });
      }
    }
    return json(404, { error: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { booked, slot, tomorrow };
}

describe('BookingFlow', () => {
  it('walks a visitor from service to confirmation; a lost race offers the alternatives', async () => {
    const { booked, slot } = server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BookingFlow mode="public" info={info} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Haircut/ }));
    expect(screen.getByRole('button', { name: /Anyone available/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dana Lee' }));
    const first = await waitFor(() => {
      const b = document.querySelector<HTMLButtonElement>(`[data-starts-at="${slot(16).startsAt}"]`);
      if (!b) throw new Error('no slots yet');
      return b;
    });
    expect(screen.getByRole('region', { name: 'Morning' })).toBeTruthy();
    fireEvent.click(first);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // Details: checked before sending, with the server's wording.
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('First name: is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Mobile phone'), { target: { value: '(312) 555-0101' } });
    fireEvent.click(screen.getByLabelText(/I've booked with Demo Salon before/));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('booking-summary').textContent).toContain('Dana Lee');
    expect(screen.getByText('Cancel 24 hours ahead.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Book appointment' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Dana Lee is already booked at 10:00 AM');
    fireEvent.click(screen.getByRole('button', { name: /Dana Lee$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Book appointment' }));
    expect((await screen.findByTestId('booking-confirmation')).textContent).toContain('You are booked');
    // The same words whether or not the details are on file: the page cannot tell, and must not.
    expect(screen.getByTestId('claim-sent').textContent).toMatch(/^If your phone number or e-mail address is on file with us/);
    expect(booked).toHaveLength(2);
    const [lost, won] = booked as { body: any; key: string }[];
    expect(lost.body).toMatchObject({
      locationId: 'loc-1',
      serviceId: 'svc-1',
      staffId: 'st-1',
      startsAt: slot(16).startsAt,
      client: { firstName: 'Ana', phone: '(312) 555-0101', bookedBefore: true },
    });
    expect(won.body.startsAt).toBe(slot(20).startsAt);
    // A different time is a different booking, so it carries a new idempotency key.
    expect(won.key).not.toBe(lost.key);
  });

  it('books as staff for the picked client through GraphQL; a refusal offers the alternatives', async () => {
    const { booked, slot } = server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApolloProvider client={apolloClient}>
          <BookingFlow mode="staff" info={info} />
        </ApolloProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Haircut/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Dana Lee' }));
    const first = await waitFor(() => {
      const b = document.querySelector<HTMLButtonElement>(`[data-starts-at="${slot(16).startsAt}"]`);
      if (!b) throw new Error('no slots yet');
      return b;
    });
    fireEvent.click(first);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText('Client'), { target: { value: 'Ana' } });
    fireEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book appointment' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Dana Lee is already booked at 10:00 AM');
    fireEvent.click(screen.getByRole('button', { name: /Dana Lee$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Book appointment' }));
    expect((await screen.findByTestId('booking-confirmation')).textContent).toContain('Haircut');
    expect(booked).toEqual([
      {
        body: expect.objectContaining({
          clientId: 'c-1',
          serviceId: 'svc-1',
          staffId: 'st-1',
          source: 'staff',
          startsAt: slot(16).startsAt,
        }),
      },
      { body: expect.objectContaining({ clientId: 'c-1', startsAt: slot(20).startsAt }) },
    ]);
  });

  it('opens on the deep-linked location and service (a website’s "Book a haircut" link)', async () => {
    server();
    const two = { ...info, locations: [{ ...LOC, id: 'loc-0', name: 'Uptown' }, LOC] };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BookingFlow mode="public" info={two} initialLocationId="loc-1" initialServiceId="svc-1" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('booking-flow').getAttribute('data-step')).toBe('staff'));
    expect(screen.getByRole('button', { name: 'Dana Lee' })).toBeTruthy();
  });

  it('ignores a deep link to a service that is not offered', async () => {
    server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BookingFlow mode="public" info={info} initialServiceId="gone" />
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: /Haircut/ });
    expect(screen.getByTestId('booking-flow').getAttribute('data-step')).toBe('service');
  });

  it('books a visit of two services: the parts and their people come from the chosen time', async () => {
    const { booked, tomorrow } = server();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BookingFlow mode="public" info={info} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Haircut/ }));
    fireEvent.click(screen.getByRole('button', { name: '+ Add another service' }));
    expect(screen.getByLabelText('Your visit so far').textContent).toContain('Haircut');
    fireEvent.click(screen.getByRole('button', { name: /Blow-dry/ }));
    // Only Jordan does both; or anyone (the parts may then go to different people).
    expect(screen.queryByRole('button', { name: 'Dana Lee' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Anyone available/ }));
    const time = await waitFor(() => {
      const b = document.querySelector<HTMLButtonElement>(`[data-starts-at="${tomorrow(16)}"]`);
      if (!b) throw new Error('no slots yet');
      return b;
    });
    fireEvent.click(time);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByTestId('booking-summary').textContent!;
    expect(summary).toContain('Haircut + Blow-dry · 1 hour 15 min');
    expect(summary).toContain('Dana Lee, then Jordan Patel');
    expect(summary).toContain('$90.00');
    fireEvent.click(screen.getByRole('button', { name: 'Book appointment' }));
    await screen.findByTestId('booking-confirmation');
    expect((booked.at(-1) as { body: any }).body.services).toEqual([
      { serviceId: 'svc-1', staffId: 'st-1' },
      { serviceId: 'svc-2', staffId: 'st-2' },
    ]);
  });

  it.each([
    ['#6d28d9', '#ffffff'],
    ['#fde68a', '#ffffff'],
    ['#fde68a', '#1f2937'],
    ['#6d28d9', '#111827'],
  ])('keeps the brand colour %s readable on a %s page, with readable button text', (primaryColor, backgroundColor) => {
    const style = designStyle({ primaryColor, backgroundColor }) as Record<string, string>;
    expect(contrastRatio(style['--primary'], backgroundColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(style['--primary'], style['--primary-contrast'])).toBeGreaterThanOrEqual(4.5);
  });
});
