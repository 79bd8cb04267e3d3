// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { PermissionRequirement } from '@salon/contracts/permissions';

const session = { status: 'authenticated' as string, user: { id: 'u1', role: 'staff' } as { id: string; role: string } | null };
const perms = { permissions: [] as string[], isLoading: false };
vi.mock('../session/session-context', () => ({ useSession: () => session }));
vi.mock('../session/use-permissions', () => ({ usePermissions: () => perms }));

const { RequirePermission } = await import('./RequirePermission');

function renderGuard(props: { requirement?: PermissionRequirement; adminOnly?: boolean; redirectTo?: string }) {
  return render(
    <MemoryRouter initialEntries={['/guarded']}>
      <Routes>
        <Route
          path="/guarded"
          element={
            <RequirePermission {...props}>
              <p>content</p>
            </RequirePermission>
          }
        />
        <Route path="/dashboard" element={<p>dashboard</p>} />
        <Route path="/elsewhere" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  session.status = 'authenticated';
  session.user = { id: 'u1', role: 'staff' };
  perms.permissions = [];
  perms.isLoading = false;
});

describe('RequirePermission', () => {
  it('renders nothing while the user or the permissions load', () => {
    session.status = 'loading';
    session.user = null;
    const a = renderGuard({ requirement: 'view_staff' });
    expect(a.container.innerHTML).toBe('');
    cleanup();
    session.status = 'authenticated';
    session.user = { id: 'u1', role: 'staff' };
    perms.isLoading = true;
    const b = renderGuard({ requirement: 'view_staff' });
    expect(b.container.innerHTML).toBe('');
  });

  it('renders the content when the requirement holds, and always without one', () => {
    perms.permissions = ['view_staff', 'edit_calendar'];
    renderGuard({ requirement: 'view_staff' });
    expect(screen.getByText('content')).toBeTruthy();
    cleanup();
    renderGuard({ requirement: { anyOf: ['view_calendar', 'edit_calendar'] } });
    expect(screen.getByText('content')).toBeTruthy();
    cleanup();
    renderGuard({ requirement: { resource: 'calendar', action: 'edit' } });
    expect(screen.getByText('content')).toBeTruthy();
    cleanup();
    perms.permissions = [];
    renderGuard({});
    expect(screen.getByText('content')).toBeTruthy();
  });

  it('redirects to /dashboard by default and to the given target otherwise', () => {
    perms.permissions = ['view_staff'];
    renderGuard({ requirement: { allOf: ['view_staff', 'view_clients'] } });
    expect(screen.getByText('dashboard')).toBeTruthy();
    cleanup();
    renderGuard({ requirement: 'view_clients', redirectTo: '/elsewhere' });
    expect(screen.getByText('elsewhere')).toBeTruthy();
  });

  it('lets an admin through every check, admin-only included', () => {
    session.user = { id: 'a', role: 'admin' };
    perms.isLoading = true;
    renderGuard({ requirement: 'view_staff', adminOnly: true });
    expect(screen.getByText('content')).toBeTruthy();
    cleanup();
    session.user = { id: 'u1', role: 'staff' };
    perms.isLoading = false;
    perms.permissions = ['view_business_settings'];
    renderGuard({ adminOnly: true });
    expect(screen.getByText('dashboard')).toBeTruthy();
  });
});
