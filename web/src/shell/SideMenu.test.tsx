// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';

const user = {
  id: 'u1',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@demo.salon',
  role: 'admin',
  profilePicture: null,
  permissionGroups: [],
};
vi.mock('../session/session-context', () => ({ useSession: () => ({ user, status: 'authenticated' }) }));
vi.mock('../session/use-permissions', () => ({
  usePermissions: () => ({ permissions: [], groups: [], directPermissions: [], isLoading: false, error: null, can: () => true }),
}));
vi.mock('../session/business-settings', () => ({
  useBusinessSettings: () => ({ data: { businessName: 'Demo Salon', businessLogo: null } }),
}));

const { SideMenu } = await import('./SideMenu');

let go: (path: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  // eslint-disable-next-line react-hooks/globals -- the test drives navigation from outside the tree
  go = (path) => void navigate(path);
  return null;
}

function renderMenu(path: string, props: Partial<{ open: boolean; isMobile: boolean; onNavigate(): void; onClose(): void }> = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <SideMenu open isMobile={false} onNavigate={() => undefined} onClose={() => undefined} {...props} />
    </MemoryRouter>,
  );
}

const toggle = (id: string) => screen.getByTestId(`menu-group-toggle-${id}`);

afterEach(cleanup);

describe('SideMenu', () => {
  it('opens the group of the current route, also for its routes that are not menu entries', () => {
    renderMenu('/staff-schedule/3');
    expect(toggle('staff').getAttribute('aria-expanded')).toBe('true');
    expect(toggle('clients').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('menu-link-schedule').getAttribute('aria-current')).toBe('page');
  });

  it('toggles by hand and opens again when the route moves inside the group', () => {
    renderMenu('/staff');
    expect(toggle('staff').getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle('staff'));
    expect(toggle('staff').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle('retail'));
    expect(toggle('retail').getAttribute('aria-expanded')).toBe('true');
    act(() => go('/time-clock'));
    expect(toggle('staff').getAttribute('aria-expanded')).toBe('true');
  });

  it('on mobile shows a backdrop that closes it and reports a choice', () => {
    const onClose = vi.fn();
    const onNavigate = vi.fn();
    renderMenu('/dashboard', { isMobile: true, onClose, onNavigate });
    fireEvent.click(screen.getByTestId('menu-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('menu-link-appointments'));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });

  it('has no backdrop on wide screens and shows the user block', () => {
    renderMenu('/dashboard');
    expect(screen.queryByTestId('menu-backdrop')).toBeNull();
    const block = screen.getByTestId('menu-user');
    expect(within(block).getByTestId('menu-user-first-name').textContent).toBe('Ada');
    expect(within(block).getByTestId('menu-user-last-name').textContent).toBe('Lovelace');
    expect(within(block).getByTestId('menu-user-email').textContent).toBe('ada@demo.salon');
  });
});
