// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { UserMenu } from './UserMenu';
import type { User } from '@salon/contracts';

const base: User = {
  id: 'u1',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@demo.salon',
  phone: null,
  role: 'staff',
  profilePicture: null,
  isActive: true,
  permissionGroups: [],
};

function renderMenu(user: User | null, onSignOut = vi.fn()) {
  render(
    <MemoryRouter>
      <UserMenu user={user} onSignOut={onSignOut} />
    </MemoryRouter>,
  );
  return onSignOut;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('UserMenu', () => {
  it('shows initials, the full name, the e-mail and both entries', () => {
    const onSignOut = renderMenu(base);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AL');
    fireEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('user-menu-email').textContent).toBe('ada@demo.salon');
    expect(screen.getByRole('menuitem', { name: 'Profile & Settings' }).getAttribute('href')).toBe('/settings');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it("reads 'Unknown User' and shows the placeholder image ('??') without a name", () => {
    renderMenu({ ...base, firstName: null, lastName: null });
    expect(screen.getByTestId('avatar-placeholder').getAttribute('alt')).toBe('??');
    fireEvent.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Unknown User');
  });

  it('shows the profile picture, falling back to initials when it fails to load', () => {
    renderMenu({ ...base, profilePicture: 'https://example.test/p.png' });
    const img = screen.getByTestId('avatar-image');
    fireEvent.error(img);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AL');
  });
});
