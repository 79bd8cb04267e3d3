// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../../lib/apollo';
import { AppointmentPanel } from './AppointmentPanel';
import { BookDialog } from './BookDialog';
import { CalendarControls, CalendarLegend } from './CalendarControls';
import { DayView } from './DayView';
import { legendEntries } from './calendar-display';
import type { Appointment } from './appointments-api';

/** The front desk's calendar (issue 20, items 4, 5, 6, 10): blocks, the details panel, alerts when booking, what Basic Staff sees. */

vi.mock('../../components/client-picker', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../components/client-picker')>()),
  ClientPicker: ({ value }: { value: { fullName: string } | null }) => <span data-testid="picked">{value?.fullName ?? 'none'}</span>,
}));

const ISO = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 24, h + 6, m)).toISOString();
const appt = (id: string, h: number, minutes: number, extra: Partial<Appointment> = {}): Appointment => ({
  id,
  locationId: 'loc1',
  clientId: 'c1',
  status: 'booked',
  startsAt: ISO(h),
  endsAt: new Date(new Date(ISO(h)).getTime() + minutes * 60_000).toISOString(),
  serviceId: 's1',
  serviceName: 'Fringe trim',
  staffId: 'st1',
  version: 1,
  ...extra,
});
const critical = { id: 'al1', kind: 'allergy' as const, text: 'PPD hair dye', critical: true };

type Route = (vars: any) => unknown;
let routes: Record<string, Route>;
let calls: { op: string; vars: any }[];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  routes = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      calls.push({ op: body.operationName, vars: body.variables });
      const route = routes[body.operationName];
      return json(route ? route(body.variables) : { errors: [{ message: `no fake for ${body.operationName}` }], data: null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (node: ReactNode) =>
  render(
    <MemoryRouter>
      <ApolloProvider client={createApolloClient()}>{node}</ApolloProvider>
    </MemoryRouter>,
  );

function day(props: Partial<Parameters<typeof DayView>[0]> = {}) {
  return render(
    <DayView
      date="2026-11-24"
      items={[]}
      workingHours={[{ staffId: 'st1', weekday: 2, start: '09:00', end: '17:00', kind: 'work' }]}
      staff={[]}
      staffNames={new Map([['st1', 'Dana Lee']])}
      clientNames={new Map([['c1', 'Ana Ruiz']])}
      onEmptySlot={() => undefined}
      onMove={() => undefined}
      onStatus={() => undefined}
      pending={new Map()}
      busy={false}
      {...props}
    />,
  );
}

describe('calendar blocks', () => {
  it('a 30-minute block reads on one line with its full text as title and name; an alert shows as a named icon', () => {
    const onOpen = vi.fn();
    day({ items: [appt('a1', 10, 30, { client: { id: 'c1', fullName: 'Ana Ruiz', alerts: [critical] } })], onOpen });
    const block = screen.getByTestId('appointment-a1');
    expect(block.className).toContain('short');
    const open = within(block).getByRole('button', { name: /^Ana Ruiz · Fringe trim · 10:00 AM – 10:30 AM, Booked\. Open details$/ });
    expect(open.textContent).toBe('Ana Ruiz · Fringe trim · 10:00 AM – 10:30 AM');
    expect(block.getAttribute('title')).toContain('Ana Ruiz · Fringe trim · 10:00 AM – 10:30 AM');
    expect(within(block).getByRole('img', { name: 'Alerts: PPD hair dye (critical)' })).toBeTruthy();
    fireEvent.click(open);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }), open);
    // A click anywhere on the block opens it too.
    fireEvent.click(block);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('the click that ends a drag (landing on the name) opens nothing; the move is made', () => {
    const onOpen = vi.fn();
    const onMove = vi.fn();
    day({ items: [appt('a3', 10, 60)], onOpen, onMove });
    const open = screen.getByTestId('open-appointment-a3');
    // jsdom has no PointerEvent: a MouseEvent of that type carries the coordinates the drag reads.
    const at = (target: Element | Window, type: string, y: number) =>
      fireEvent(target, new MouseEvent(type, { button: 0, clientX: 10, clientY: y, bubbles: true }));
    at(open, 'pointerdown', 100);
    at(window, 'pointermove', 130);
    at(window, 'pointerup', 136);
    fireEvent.click(open);
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('a longer block keeps name, service, time and status on their own lines', () => {
    day({ items: [appt('a2', 11, 60)], onOpen: vi.fn() });
    const block = screen.getByTestId('appointment-a2');
    expect(block.className).not.toContain('short');
    expect(within(block).getByText('Fringe trim')).toBeTruthy();
    expect(within(block).getByText('Booked')).toBeTruthy();
  });

  it('without the right to book or change there is no bookable cell, no status menu, no resize and no drag', () => {
    const onEmptySlot = vi.fn();
    day({ items: [appt('a1', 10, 60)], canBook: false, canChange: false, onEmptySlot, onOpen: vi.fn() });
    expect(screen.queryByTestId('appointment-menu-a1')).toBeNull();
    expect(screen.queryByTestId('resize-a1')).toBeNull();
    expect(screen.getByTestId('appointment-a1').className).not.toContain('movable');
    expect(screen.queryByRole('button', { name: /^Book Dana Lee/ })).toBeNull();
    fireEvent.click(screen.getByTestId('slot-st1-0930'));
    expect(onEmptySlot).not.toHaveBeenCalled();
    // Opening the details is still there: reading is allowed.
    expect(screen.getByTestId('open-appointment-a1')).toBeTruthy();
  });

  it('the zoom sets the slot height', () => {
    day({ pxPerMin: 2.6 });
    expect(screen.getByTestId('slot-st1-0930').style.height).toBe('39px');
  });
});

describe('calendar controls and legend', () => {
  it('Basic Staff get no Book button; the toggles report their changes', () => {
    const onShow = vi.fn();
    const onZoom = vi.fn();
    const props = {
      onBook: vi.fn(),
      showCancelled: false,
      onShowCancelled: onShow,
      colourMode: 'status' as const,
      onColourMode: vi.fn(),
      zoom: 1,
      onZoom,
      zoomable: true,
    };
    const { rerender } = render(<CalendarControls canBook={false} {...props} />);
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Show cancelled and no-shows'));
    expect(onShow).toHaveBeenCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in (taller slots)' }));
    expect(onZoom).toHaveBeenCalledWith(2);
    rerender(<CalendarControls canBook {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(props.onBook).toHaveBeenCalled();
  });

  it('the legend names what each colour means', () => {
    render(<CalendarLegend entries={legendEntries('status', [], false)} mode="status" />);
    const legend = screen.getByRole('list', { name: 'Legend: colours by status' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Booked', 'Confirmed', 'Checked in', 'In service', 'Completed']);
  });
});

const details = (over: Record<string, unknown> = {}) => ({
  data: {
    appointment: {
      __typename: 'Appointment',
      id: 'a1',
      locationId: 'loc1',
      clientId: 'c1',
      status: 'booked',
      startsAt: ISO(10),
      endsAt: ISO(10, 45),
      serviceId: 's1',
      serviceName: 'Haircut',
      staffId: 'st1',
      priceMinor: 5500,
      currency: 'USD',
      notes: 'Bring photos',
      cancelReason: null,
      lateCancel: false,
      source: 'staff',
      version: 3,
      seriesId: null,
      service: { name: 'Haircut' },
      segments: [
        { __typename: 'AppointmentSegment', position: 1, serviceId: 's1', staffId: 'st1', startsAt: ISO(10), endsAt: ISO(10, 45) },
      ],
      client: {
        __typename: 'Client',
        id: 'c1',
        fullName: 'Ana Ruiz',
        phone: '+13125550101',
        email: null,
        lastVisitAt: null,
        alerts: [{ __typename: 'ClientAlert', ...critical }],
        notes: [
          {
            __typename: 'Note',
            id: 'n1',
            body: 'Likes a flat white',
            templateName: null,
            pinned: true,
            authorName: 'Riley Front',
            createdAt: '2026-11-01T15:00:00Z',
          },
        ],
      },
      clientHistory: [
        {
          __typename: 'Appointment',
          id: 'old1',
          startsAt: '2026-10-20T15:00:00.000Z',
          serviceName: 'Colour',
          staffId: 'st1',
          status: 'completed',
          priceMinor: 12000,
          currency: 'USD',
        },
      ],
      changes: [
        {
          __typename: 'AppointmentChange',
          at: '2026-11-20T15:00:00.000Z',
          by: 'u1',
          byKind: 'user',
          byName: 'Riley Front',
          what: 'booked',
          from: 'staff',
          to: ISO(9),
        },
        {
          __typename: 'AppointmentChange',
          at: '2026-11-21T15:00:00.000Z',
          by: 'u1',
          byKind: 'user',
          byName: 'Riley Front',
          what: 'time',
          from: ISO(9),
          to: ISO(10),
        },
      ],
      ...over,
    },
  },
});

function panel(abilities = { book: true, change: true, checkout: false }, extra: Partial<Parameters<typeof AppointmentPanel>[0]> = {}) {
  const onAcknowledge = vi.fn();
  const onRebook = vi.fn();
  const onClose = vi.fn();
  wrap(
    <AppointmentPanel
      id="a1"
      opener={null}
      locationId="loc1"
      staff={[
        { id: 'st1', fullName: 'Dana Lee' },
        { id: 'st2', fullName: 'Jordan Patel' },
      ]}
      staffNames={
        new Map([
          ['st1', 'Dana Lee'],
          ['st2', 'Jordan Patel'],
        ])
      }
      abilities={abilities}
      acknowledged={new Set(['al1'])}
      onAcknowledge={onAcknowledge}
      onRebook={onRebook}
      onClose={onClose}
      {...extra}
    />,
  );
  return { onAcknowledge, onRebook, onClose };
}

describe('the appointment details panel', () => {
  it('is a labelled dialog showing the client with phone, alerts, notes, last visits, services with staff and price, and the change log', async () => {
    routes.AppointmentDetails = () => details();
    panel();
    const dialog = await screen.findByRole('dialog', { name: 'Ana Ruiz' });
    await within(dialog).findByTestId('panel-services');
    expect(within(dialog).getByTestId('panel-phone').textContent).toBe('+13125550101');
    expect(within(dialog).getByTestId('panel-alerts').textContent).toContain('PPD hair dye');
    expect(within(dialog).getByTestId('panel-services').textContent).toContain('Haircut with Dana Lee');
    expect(within(dialog).getByTestId('panel-price').textContent).toBe('$55.00');
    expect(within(dialog).getByTestId('panel-notes').textContent).toBe('Bring photos');
    expect(within(dialog).getByText(/Likes a flat white/)).toBeTruthy();
    expect(within(dialog).getByTestId('panel-history').textContent).toContain('Colour with Dana Lee');
    const log = within(within(dialog).getByTestId('panel-changes')).getAllByRole('listitem');
    expect(log[0]!.textContent).toContain('Moved from 9:00 AM to 10:00 AM');
    expect(log[0]!.textContent).toContain('Riley Front');
    expect(log[1]!.textContent).toContain('Booked at the desk');
  });

  it('asks for the critical alert to be acknowledged before showing anything else', async () => {
    routes.AppointmentDetails = () => details();
    const { onAcknowledge } = panel(undefined, { acknowledged: new Set() });
    const gate = await screen.findByTestId('critical-gate');
    expect(gate.textContent).toContain('PPD hair dye');
    expect(screen.queryByTestId('panel-services')).toBeNull();
    fireEvent.click(within(gate).getByRole('button', { name: 'I have read this' }));
    expect(onAcknowledge).toHaveBeenCalledWith(['al1']);
  });

  it('changes the status with the version, and words a missing permission for people', async () => {
    routes.AppointmentDetails = () => details();
    routes.UpdateAppointment = () => ({
      data: null,
      errors: [
        { message: 'Forbidden: requires any of edit_appointments, update_appointments', extensions: { code: 'FORBIDDEN', status: 403 } },
      ],
    });
    panel();
    await screen.findByTestId('panel-services');
    await act(async () => {
      fireEvent.click(screen.getByTestId('status-confirmed'));
    });
    expect(calls.find((c) => c.op === 'UpdateAppointment')?.vars).toEqual({ id: 'a1', input: { status: 'confirmed', version: 3 } });
    const error = await screen.findByTestId('panel-error');
    expect(error.textContent).toBe("You don't have permission to change appointments. Ask an owner.");
    expect(error.textContent).not.toContain('Forbidden');
  });

  it("edits the time and staff; a refusal shows the engine's reason and its alternatives, one click takes one", async () => {
    routes.AppointmentDetails = () => details();
    routes.BookingDialogServices = () => ({
      data: {
        services: [
          {
            __typename: 'Service',
            id: 's1',
            name: 'Haircut',
            durationMin: 45,
            category: null,
            active: true,
            onlineBookable: true,
            staff: [],
          },
        ],
      },
    });
    let n = 0;
    routes.UpdateAppointment = (v) =>
      n++ === 0
        ? {
            data: null,
            errors: [
              {
                message: 'Jordan Patel is on break (Lunch)',
                extensions: {
                  code: 'CONFLICT',
                  status: 409,
                  alternatives: [{ startsAt: ISO(13), endsAt: ISO(13, 45), staffId: 'st2', staffName: 'Jordan Patel', resources: [] }],
                },
              },
            ],
          }
        : {
            data: {
              updateAppointment: {
                __typename: 'Appointment',
                id: 'a1',
                startsAt: v.input.startsAt,
                endsAt: ISO(13, 45),
                staffId: 'st2',
                status: 'booked',
                version: 4,
              },
            },
          };
    panel();
    fireEvent.click(await screen.findByTestId('panel-edit'));
    fireEvent.change(screen.getByTestId('edit-staff'), { target: { value: 'st2' } });
    fireEvent.change(screen.getByTestId('edit-time'), { target: { value: '12:30' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('edit-save'));
    });
    expect(calls.filter((c) => c.op === 'UpdateAppointment')[0]!.vars.input).toEqual({ staffId: 'st2', startsAt: ISO(12, 30), version: 3 });
    expect((await screen.findByTestId('panel-error')).textContent).toContain('Jordan Patel is on break (Lunch)');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '1:00 PM · Jordan Patel' }));
    });
    expect(calls.filter((c) => c.op === 'UpdateAppointment')[1]!.vars.input).toEqual({ startsAt: ISO(13), staffId: 'st2', version: 3 });
  });

  it('rebooks the same service with the same person N weeks on, at the same time', async () => {
    routes.AppointmentDetails = () => details();
    const { onRebook } = panel();
    fireEvent.change(await screen.findByTestId('rebook-weeks'), { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('panel-rebook'));
    expect(onRebook).toHaveBeenCalledWith(
      expect.objectContaining({
        serviceId: 's1',
        staffId: 'st1',
        date: '2027-01-05',
        startMin: 600,
        client: expect.objectContaining({ id: 'c1' }),
      }),
    );
  });

  it('shows no status actions, edit or rebook to someone who may only look', async () => {
    routes.AppointmentDetails = () => details();
    panel({ book: false, change: false, checkout: false });
    await screen.findByTestId('panel-services');
    expect(screen.queryByTestId('status-confirmed')).toBeNull();
    expect(screen.queryByTestId('panel-edit')).toBeNull();
    expect(screen.queryByTestId('panel-rebook')).toBeNull();
  });

  it('offers Checkout to the POS on an unpaid visit (even without calendar changes), and not once it is paid', async () => {
    const Where = () => {
      const at = useLocation();
      return <output data-testid="where">{at.pathname + at.search}</output>;
    };
    routes.AppointmentDetails = () => details({ status: 'completed', paidAt: null });
    wrap(
      <>
        <AppointmentPanel
          id="a1"
          opener={null}
          locationId="loc1"
          staff={[]}
          staffNames={new Map()}
          abilities={{ book: false, change: false, checkout: true }}
          acknowledged={new Set(['al1'])}
          onAcknowledge={() => undefined}
          onRebook={() => undefined}
          onClose={() => undefined}
        />
        <Where />
      </>,
    );
    fireEvent.click(await screen.findByTestId('appointment-checkout'));
    expect(screen.getByTestId('where').textContent).toBe('/pos?appointment=a1');
    expect(screen.queryByTestId('status-confirmed')).toBeNull();
    cleanup();
    routes.AppointmentDetails = () => details({ status: 'completed', paidAt: '2026-11-24T17:05:00.000Z' });
    panel({ book: true, change: true, checkout: true });
    await screen.findByTestId('panel-services');
    expect(screen.queryByTestId('appointment-checkout')).toBeNull();
  });

  it('Escape closes it', async () => {
    routes.AppointmentDetails = () => details();
    const { onClose } = panel();
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});

describe('booking a client with alerts', () => {
  it('shows the picked client’s alerts; a critical one must be acknowledged before Book', async () => {
    routes.BookingDialogServices = () => ({
      data: {
        services: [
          {
            __typename: 'Service',
            id: 's1',
            name: 'Haircut',
            durationMin: 45,
            category: null,
            active: true,
            onlineBookable: true,
            staff: [],
          },
        ],
      },
    });
    const onAcknowledge = vi.fn();
    wrap(
      <BookDialog
        locationId="loc1"
        date="2026-11-24"
        startMin={600}
        staffId="st1"
        staff={[{ id: 'st1', fullName: 'Dana Lee' }]}
        onClose={() => undefined}
        initialClient={{ id: 'c1', firstName: 'Ana', lastName: 'Ruiz', fullName: 'Ana Ruiz', phone: null, email: null, alerts: [critical] }}
        initialServiceId="s1"
        onAcknowledge={onAcknowledge}
      />,
    );
    expect(screen.getByTestId('picked').textContent).toBe('Ana Ruiz');
    expect(screen.getByTestId('book-alerts').textContent).toContain('PPD hair dye');
    await screen.findByRole('option', { name: /Haircut/ });
    expect((screen.getByTestId('book-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have read the critical alert'));
    expect(onAcknowledge).toHaveBeenCalledWith(['al1']);
    await waitFor(() => expect((screen.getByTestId('book-submit') as HTMLButtonElement).disabled).toBe(false));
  });
});
