// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { readablePrimary } from '../lib/theme';

/** A small fake of the gateway: REST paths of docs/api.md and GraphQL by operation name. */
const basicUser = {
  id: 'u-basic',
  username: 'basic',
  firstName: 'Bea',
  lastName: 'Basic',
  email: 'basic@demo.salon',
  phone: null,
  role: 'staff',
  profilePicture: null,
  isActive: true,
  permissionGroups: [{ id: 'g1', name: 'Basic Staff' }],
};
const clientUser = {
  ...basicUser,
  id: 'u-client',
  firstName: 'Cleo',
  lastName: 'Client',
  email: 'client@demo.salon',
  role: 'client',
  permissionGroups: [],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: string[] = [];
function installFetch() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/auth/login') {
        const { email, password } = JSON.parse(String(init?.body));
        if (password !== 'demo-salon') return json(401, { error: 'Invalid email or password' });
        const user = email === 'client@demo.salon' ? clientUser : basicUser;
        return json(200, { token: `t-${user.id}`, user });
      }
      if (path === '/api/auth/verify') return json(200, { valid: true, user: basicUser });
      if (path === '/api/auth/logout') return json(200, { success: true });
      if (path === `/api/users/${basicUser.id}`) return json(200, basicUser);
      if (path.endsWith('/color-preferences'))
        return json(200, {
          primaryColor: '#0ea5e9',
          isDarkMode: false,
          primaryTextColor: '#111827',
          secondaryTextColor: '#6b7280',
          savedBrandColors: [],
          savedTextColors: [],
        });
      if (path.endsWith('/permissions'))
        return json(200, {
          data: {
            permissions: ['view_dashboard', 'view_calendar', 'view_clients', 'view_staff', 'view_services'],
            groups: [{ id: 'g1', name: 'Basic Staff' }],
            directPermissions: [],
          },
        });
      if (path.startsWith('/api/locations'))
        return json(200, [
          { id: 'l1', name: 'Downtown', timeZone: 'America/Chicago', isDefault: true, isActive: true, address: '1 Main St', phone: null },
          { id: 'l2', name: 'Uptown', timeZone: 'America/Chicago', isDefault: false, isActive: true, address: null, phone: null },
        ]);
      if (path === '/api/business-settings')
        return json(200, { businessName: 'Demo Salon', businessLogo: null, timeZone: 'America/Chicago', currency: 'USD' });
      if (path === '/graphql')
        return json(200, {
          data: {
            viewer: {
              __typename: 'User',
              ...basicUser,
              fullName: 'Bea Basic',
              permissionGroups: [{ __typename: 'PermissionGroup', id: 'g1', name: 'Basic Staff' }],
            },
          },
        });
      return json(404, { error: `no fake for ${path}` });
    }),
  );
}

function installMatchMedia(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

async function renderApp(path: string) {
  window.history.pushState({}, '', path);
  vi.resetModules();
  const { App } = await import('./App');
  return render(<App />);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  installFetch();
  installMatchMedia(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function signIn(email: string) {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-salon' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('App shell', () => {
  it('sends signed-out visitors of / and unknown paths to /login', async () => {
    await renderApp('/somewhere/else');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(window.location.pathname).toBe('/login');
  });

  it('shows the login error text', async () => {
    await renderApp('/login');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'x@y.z' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('signs a Basic Staff user in to the reduced menu and stores the session', async () => {
    await renderApp('/login');
    await signIn('basic@demo.salon');
    await screen.findByTestId('dashboard');
    expect(window.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('t-u-basic');
    expect(JSON.parse(localStorage.getItem('user')!).email).toBe('basic@demo.salon');
    await waitFor(() => expect(localStorage.getItem('customColor')).toBe('#0ea5e9'));
    // The brand colour as picked is stored; the page uses it made readable on white.
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe(readablePrimary('#0ea5e9', false));

    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Appointments' })).toBeTruthy());
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Appointments']);
    const groups = within(nav).getAllByRole('button');
    expect(groups.map((b) => b.textContent)).toEqual(['Clients', 'Staff', 'Services']);
    for (const g of groups) fireEvent.click(g);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Appointments', 'Client Profiles', 'Staff', 'Services']);
    fireEvent.click(groups[0]);
    expect(groups[0].getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('menu-user').textContent).toContain('basic@demo.salon');

    // Location selector: default selected automatically, two active → dropdown.
    await waitFor(() => expect(screen.getByTestId('location-current').textContent).toBe('Downtown'));
    // Route guard: permissions page is admin only.
    await act(async () => {
      window.history.pushState({}, '', '/permissions');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('treats a stored user without token as signed in and refreshes it from /api/users/{id}', async () => {
    localStorage.setItem('user', JSON.stringify({ ...basicUser, firstName: 'Old' }));
    await renderApp('/dashboard');
    await screen.findByTestId('dashboard');
    await waitFor(() => expect(calls).toContain('GET /api/users/u-basic'));
    expect(calls).not.toContain('GET /api/auth/verify');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user')!).firstName).toBe('Bea'));
  });

  it('refreshes a stored session from /api/auth/verify at start and when the window regains focus', async () => {
    localStorage.setItem('user', JSON.stringify(basicUser));
    localStorage.setItem('token', 't-u-basic');
    await renderApp('/dashboard');
    await screen.findByTestId('dashboard');
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/verify')).toHaveLength(1));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/verify')).toHaveLength(2));
    vi.restoreAllMocks();
  });

  it('follows a theme changed in another tab of the same browser', async () => {
    localStorage.setItem('user', JSON.stringify(basicUser));
    localStorage.setItem('token', 't-u-basic');
    await renderApp('/dashboard');
    await screen.findByTestId('dashboard');
    // The other tab writes storage; this tab only hears the storage event.
    localStorage.setItem('darkMode', 'true');
    localStorage.setItem('customColor', '#1d4ed8');
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'darkMode', newValue: 'true' }));
    });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe(readablePrimary('#1d4ed8', true));
  });

  it('skips session loading on /forms/{numeric id}', async () => {
    localStorage.setItem('user', JSON.stringify(basicUser));
    localStorage.setItem('token', 't-u-basic');
    document.documentElement.style.setProperty('--primary', '#123456');
    await renderApp('/forms/42');
    await screen.findByTestId('public-form');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.startsWith('GET /api/auth') || c.startsWith('GET /api/users'))).toEqual([]);
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe('');
  });

  it('signs out: clears user, token and picture, resets the theme and goes to /login', async () => {
    localStorage.setItem('user', JSON.stringify(basicUser));
    localStorage.setItem('token', 't-u-basic');
    localStorage.setItem('profilePicture', 'data:image/png;base64,AAAA');
    localStorage.setItem('customColor', '#0ea5e9');
    localStorage.setItem('darkMode', 'true');
    await renderApp('/dashboard');
    await screen.findByTestId('dashboard');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    fireEvent.click(screen.getByTestId('user-menu-button'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(window.location.pathname).toBe('/login');
    for (const k of ['token', 'user', 'profilePicture']) expect(localStorage.getItem(k)).toBeNull();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.style.getPropertyValue('--primary')).toBe('');
  });

  it('under 768 px starts the menu closed, overlays it with a backdrop and closes it after a choice', async () => {
    installMatchMedia(true);
    localStorage.setItem('user', JSON.stringify(basicUser));
    localStorage.setItem('token', 't-u-basic');
    await renderApp('/dashboard');
    await screen.findByTestId('dashboard');
    const aside = document.getElementById('side-menu')!;
    expect(aside.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('staff-shell').className).not.toContain('menu-open');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    expect(aside.getAttribute('aria-hidden')).toBe('false');
    fireEvent.click(screen.getByTestId('menu-backdrop'));
    expect(aside.getAttribute('aria-hidden')).toBe('true');
    fireEvent.click(screen.getByTestId('menu-toggle'));
    fireEvent.click(await screen.findByTestId('menu-link-appointments'));
    expect(aside.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();
  });

  it('on wide screens starts the menu open with the 16rem margin class', async () => {
    localStorage.setItem('user', JSON.stringify(basicUser));
    localStorage.setItem('token', 't-u-basic');
    await renderApp('/dashboard');
    await screen.findByTestId('dashboard');
    expect(document.getElementById('side-menu')!.getAttribute('aria-hidden')).toBe('false');
    expect(screen.getByTestId('staff-shell').className).toContain('menu-open');
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();
  });

  it('confines a client to /booking', async () => {
    await renderApp('/login');
    await signIn('client@demo.salon');
    await screen.findByTestId('booking-page');
    expect(window.location.pathname).toBe('/booking');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('shows the payment-success screen stored in session storage and closes it', async () => {
    sessionStorage.setItem('paymentSuccessState', JSON.stringify({ isOpen: true, amount: 4599 }));
    await renderApp('/booking');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('$45.99');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Window' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('paymentSuccessState')!)).toEqual({ isOpen: false, amount: 0 });
  });
});
