// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter } from 'react-router-dom';
import { createApolloClient } from '../../lib/apollo';
import type { StaffUser } from './staff-gql';
import { StaffProfile } from './StaffProfile';

// The cache needs the __typename the generated type leaves out.
const DANA: StaffUser & { __typename: 'User' } = {
  __typename: 'User',
  id: 'dana',
  firstName: 'Dana',
  lastName: 'Lee',
  fullName: 'Dana Lee',
  email: 'dana@demo.salon',
  phone: '+13125550103',
  role: 'staff',
  isActive: true,
  profilePicture: null,
  bio: 'Colour specialist.',
  permissionGroups: [{ id: 'g1', name: 'Stylists' }],
};
const LOCATIONS = [
  { __typename: 'Location', id: 'downtown', name: 'Downtown' },
  { __typename: 'Location', id: 'lakeview', name: 'Lakeview' },
];
const service = (id: string, name: string, locationId: string, staff: object[]) => ({
  __typename: 'Service',
  id,
  name,
  locationId,
  durationMin: 60,
  priceMinor: 6000,
  currency: 'USD',
  active: true,
  staff: staff.map((s) => ({ __typename: 'ServiceStaffOverride', durationMin: null, priceMinor: null, ...s })),
});
const SERVICES = [
  service('cut', 'Haircut', 'downtown', [{ staffId: 'dana', durationMin: 45, priceMinor: 5500 }]),
  service('colour', 'Colour', 'downtown', [{ staffId: 'riley' }]),
  service('blowout', 'Blow-out', 'lakeview', []),
];

type Route = (variables: any) => { status: number; body: unknown };
let routes: Record<string, Route>;
let calls: { operation: string; variables: any }[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  routes = {
    StaffProfileLocations: () => ({ status: 200, body: { data: { locations: LOCATIONS } } }),
    StaffProfileServices: () => ({ status: 200, body: { data: { services: SERVICES } } }),
    // Dana works downtown only.
    StaffProfileHours: (v) => ({
      status: 200,
      body: {
        data: { workingHours: v.locationId === 'downtown' ? [{ __typename: 'WorkingHours', locationId: 'downtown', kind: 'work' }] : [] },
      },
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      calls.push({ operation: body.operationName, variables: body.variables });
      const route = routes[body.operationName];
      if (!route) return json(404, { error: `no route ${body.operationName}` });
      const r = route(body.variables);
      return json(r.status, r.body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrap(node: ReactNode) {
  return render(
    <ApolloProvider client={createApolloClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </ApolloProvider>,
  );
}

describe('StaffProfile', () => {
  it('shows contact, bio, where they work, what they perform at their own duration and price, and links to their hours', async () => {
    wrap(<StaffProfile person={DANA} onClose={vi.fn()} canEditBio={false} seesSchedule seesServices />);
    const panel = screen.getByRole('dialog', { name: 'Dana Lee' });
    expect(within(panel).getByRole('link', { name: 'dana@demo.salon' })).toBeTruthy();
    expect(within(panel).getByText('Colour specialist.')).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    const worksAt = await within(panel).findByRole('listitem');
    expect(worksAt.textContent).toBe('Downtown');
    const rows = (await within(panel).findAllByRole('row')).slice(1).map((r) => r.textContent);
    // Not Colour (Riley's only), not the Lakeview blow-out (she does not work there).
    expect(rows).toEqual([expect.stringMatching(/^Haircut.*45 min \(their own\).*\$55\.00 \(their own\)$/)]);
    expect(within(panel).getByRole('link', { name: 'Hours and time off for Dana Lee' }).getAttribute('href')).toBe('/staff-schedule/dana');
  });

  it('asks nothing of scheduling for someone who may see neither hours nor services', async () => {
    wrap(<StaffProfile person={{ ...DANA, bio: null }} onClose={vi.fn()} canEditBio={false} seesSchedule={false} seesServices={false} />);
    expect(screen.getByText('No bio yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Hours and time off/ })).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });

  it('saves an edited bio, and shows identity’s refusal next to the field', async () => {
    const saved: any[] = [];
    routes.SetUserBio = (v) => {
      saved.push(v);
      if (v.bio.includes('\u0007'))
        return {
          status: 200,
          body: {
            data: null,
            errors: [
              { message: 'bio: must not contain control characters', extensions: { code: 'BAD_USER_INPUT', status: 400, field: 'bio' } },
            ],
          },
        };
      return { status: 200, body: { data: { setUserBio: { __typename: 'User', id: 'dana', bio: v.bio } } } };
    };
    wrap(<StaffProfile person={DANA} onClose={vi.fn()} canEditBio seesSchedule={false} seesServices={false} />);
    const field = screen.getByLabelText('Shown to clients on online booking') as HTMLTextAreaElement;
    expect(field.value).toBe('Colour specialist.');
    expect(field.maxLength).toBe(600);
    const save = screen.getByRole('button', { name: 'Save bio' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(field, { target: { value: 'Bell\u0007' } });
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toMatch(/control characters/);
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: '  Balayage and colour corrections.  ' } });
    fireEvent.click(save);
    await waitFor(() => expect(field.value).toBe('Balayage and colour corrections.'));
    expect(saved.at(-1)).toEqual({ id: 'dana', bio: 'Balayage and colour corrections.' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Calendar sync in the profile', () => {
  const status = (active: boolean, lastReadAt: string | null = null) => ({
    status: 200,
    body: {
      data: {
        calendarFeed: {
          __typename: 'CalendarFeed',
          staffId: 'dana',
          active,
          createdAt: active ? '2026-11-20T10:00:00Z' : null,
          lastReadAt,
        },
      },
    },
  });

  it('makes a secret link shown once (https and webcal), then turns it off', async () => {
    let active = false;
    routes.CalendarFeed = () => status(active);
    routes.CreateCalendarFeed = () => {
      active = true;
      return {
        status: 200,
        body: {
          data: {
            createCalendarFeed: {
              __typename: 'CalendarFeedLink',
              staffId: 'dana',
              active: true,
              createdAt: '2026-11-24T10:00:00Z',
              lastReadAt: null,
              path: '/api/calendar-feeds/ics/secret123.ics',
            },
          },
        },
      };
    };
    routes.RevokeCalendarFeed = () => {
      active = false;
      return { status: 200, body: { data: { revokeCalendarFeed: true } } };
    };
    wrap(<StaffProfile person={DANA} onClose={vi.fn()} canEditBio={false} seesSchedule={false} seesServices={false} managesFeed isSelf />);
    expect((await screen.findByTestId('calendar-sync-status')).textContent).toBe('No link yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Get a calendar link' }));
    const url = (await screen.findByTestId('calendar-sync-url')) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/api/calendar-feeds/ics/secret123.ics`);
    expect(screen.getByRole('link', { name: 'Open in Apple Calendar' }).getAttribute('href')).toMatch(
      /^webcal:\/\/.+\/api\/calendar-feeds\/ics\/secret123\.ics$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByTestId('calendar-sync-url')).toBeNull());
    expect(calls.map((c) => c.operation)).toContain('RevokeCalendarFeed');
    expect((await screen.findByTestId('calendar-sync-status')).textContent).toBe('No link yet.');
  });

  it('says when a calendar last read a live link, and is not offered without the right', async () => {
    routes.CalendarFeed = () => status(true, '2026-11-23T15:00:00Z');
    wrap(<StaffProfile person={DANA} onClose={vi.fn()} canEditBio={false} seesSchedule={false} seesServices={false} managesFeed />);
    expect((await screen.findByTestId('calendar-sync-status')).textContent).toMatch(/A link is on, last read by a calendar/);
    expect(screen.getByText(/See Dana Lee's appointments/)).toBeTruthy();
    cleanup();
    calls = [];
    wrap(<StaffProfile person={DANA} onClose={vi.fn()} canEditBio={false} seesSchedule={false} seesServices={false} />);
    expect(screen.queryByTestId('calendar-sync')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });
});

describe('the profile photo', () => {
  it('is removed by the person or an admin, and a file that is not a picture is named as such', async () => {
    const sent: any[] = [];
    routes.SetUserPhoto = (v) => {
      sent.push(v);
      return { status: 200, body: { data: { setUserPhoto: { __typename: 'User', id: 'dana', profilePicture: v.photo } } } };
    };
    wrap(
      <StaffProfile
        person={{ ...DANA, profilePicture: 'data:image/png;base64,AAAA' }}
        onClose={vi.fn()}
        canEditBio
        seesSchedule={false}
        seesServices={false}
      />,
    );
    const input = screen.getByTestId('staff-photo-input') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    expect(screen.getByText('Change photo')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/JPEG, PNG or WebP/);
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(sent).toEqual([{ id: 'dana', photo: null }]));
  });

  it('is not offered to someone who may not change it', () => {
    wrap(<StaffProfile person={DANA} onClose={vi.fn()} canEditBio={false} seesSchedule={false} seesServices={false} />);
    expect(screen.queryByTestId('staff-photo-input')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
  });
});

describe('StaffProfile pay', () => {
  const rule = (version: number, effectiveFrom: string, summary: string) => ({
    __typename: 'PayRule',
    id: `r${version}`,
    version,
    effectiveFrom,
    summary,
  });

  it('shows the rule in force and the next change, with the way to Payroll for a manager', async () => {
    routes.StaffProfilePay = (v) => ({
      status: 200,
      body: {
        data: {
          payRules:
            v.staffId === 'dana'
              ? [
                  rule(1, '2020-01-01', '$18.00 an hour'),
                  rule(2, '2021-06-01', '$20.00 an hour, 40% on services'),
                  rule(3, '2999-01-01', '$25.00 an hour'),
                ]
              : [],
        },
      },
    });
    wrap(<StaffProfile person={DANA} onClose={vi.fn()} canEditBio={false} seesSchedule={false} seesServices={false} seesPay managesPay />);
    const pay = await screen.findByTestId('staff-profile-pay');
    await waitFor(() => expect(pay.textContent).toContain('$20.00 an hour, 40% on services (since 2021-06-01, version 2)'));
    expect(pay.textContent).toContain('From 2999-01-01: $25.00 an hour');
    expect(within(pay).getByRole('link', { name: 'Change pay rules on Payroll' }).getAttribute('href')).toBe('/payroll');
  });

  it('says when there is no rule, and asks payroll nothing for someone who may not see pay', async () => {
    routes.StaffProfilePay = () => ({ status: 200, body: { data: { payRules: [] } } });
    const { unmount } = wrap(
      <StaffProfile person={DANA} onClose={vi.fn()} canEditBio={false} seesSchedule={false} seesServices={false} seesPay />,
    );
    expect((await screen.findByTestId('staff-profile-pay')).textContent).toContain('No pay rule yet.');
    expect(screen.queryByRole('link', { name: /Payroll/ })).toBeNull();
    unmount();
    calls = [];
    wrap(<StaffProfile person={DANA} onClose={vi.fn()} canEditBio={false} seesSchedule={false} seesServices={false} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('staff-profile-pay')).toBeNull();
    expect(calls).toEqual([]);
  });
});
