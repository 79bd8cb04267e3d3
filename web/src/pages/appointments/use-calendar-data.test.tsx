// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../../lib/apollo';
import { useCalendarData } from './use-calendar-data';

vi.mock('../../session/location-context', () => ({
  useLocations: () => ({
    selected: { id: 'loc', name: 'Main', timeZone: 'America/Chicago' },
    locations: [],
    active: [],
    isLoading: false,
    error: null,
    select: () => undefined,
  }),
}));

const appointment = (id: string, clientName: string | null) => ({
  __typename: 'Appointment',
  id,
  locationId: 'loc',
  clientId: `c-${id}`,
  status: 'booked',
  startsAt: '2026-11-21T16:00:00.000Z',
  endsAt: '2026-11-21T16:45:00.000Z',
  serviceId: 's1',
  serviceName: 'Haircut',
  staffId: 'st1',
  service: { name: 'Haircut' },
  cancelReason: null,
  notes: null,
  version: 1,
  seriesId: null,
  paidAt: null,
  segments: [
    {
      __typename: 'AppointmentSegment',
      position: 1,
      serviceId: 's1',
      staffId: 'st1',
      startsAt: '2026-11-21T16:00:00.000Z',
      endsAt: '2026-11-21T16:45:00.000Z',
    },
  ],
  client: clientName ? { __typename: 'Client', id: `c-${id}`, fullName: clientName } : null,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useCalendarData', () => {
  it("polls the window's appointments; an unchanged answer keeps the previous list (nothing re-renders), a change replaces it", async () => {
    let list = [appointment('a1', 'Ann Ames')];
    const sent: { operationName: string; variables: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const { operationName, variables } = JSON.parse(String(init.body));
        sent.push({ operationName, variables });
        const data: Record<string, unknown> = {
          CalendarAppointments: { appointments: list },
          CalendarWorkingHours: { workingHours: [] },
          CalendarUnavailable: {
            calendarUnavailable: { __typename: 'CalendarUnavailable', timeZone: 'America/Chicago', from: 'x', to: 'y', staff: [] },
          },
          CalendarClasses: { classSessions: [] },
          AppointmentsStaff: { users: [{ __typename: 'User', id: 'st1', fullName: 'Dana Lee', isActive: true }] },
        };
        return new Response(JSON.stringify({ data: data[operationName] ?? null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const client = createApolloClient();
    const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
    const { result } = renderHook(() => useCalendarData('2026-11-21', 1), { wrapper });

    await waitFor(() => expect(result.current.items).toHaveLength(1));
    const asked = sent.find((s) => s.operationName === 'CalendarAppointments')!;
    expect(asked.variables).toEqual({ locationId: 'loc', from: '2026-11-21T06:00:00.000Z', to: '2026-11-22T06:00:00.000Z' });
    expect(result.current.clientNames.get('c-a1')).toBe('Ann Ames');
    await waitFor(() => expect(result.current.staffNames.get('st1')).toBe('Dana Lee'));
    const first = result.current.items;

    await client.refetchQueries({ include: ['CalendarAppointments'] });
    expect(result.current.items).toBe(first);

    list = [appointment('a1', 'Ann Ames'), appointment('a2', null)];
    await client.refetchQueries({ include: ['CalendarAppointments'] });
    await waitFor(() => expect(result.current.items.map((a) => a.id)).toEqual(['a1', 'a2']));
    expect(result.current.clientNames.has('c-a2')).toBe(false);
  });
});
