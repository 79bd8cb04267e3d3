// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { LocationSelector } from './LocationSelector';

const loc = (id: string, name: string, isDefault = false, isActive = true) => ({
  id,
  name,
  isDefault,
  isActive,
  timeZone: 'America/Chicago',
  address: null,
  phone: null,
});

afterEach(cleanup);

describe('LocationSelector', () => {
  it("shows 'Loading locations...' while loading", () => {
    render(<LocationSelector locations={[]} isLoading selected={null} onSelect={() => undefined} />);
    expect(screen.getByTestId('location-selector').textContent).toContain('Loading locations...');
  });

  it("shows 'No locations available' without active locations", () => {
    render(<LocationSelector locations={[loc('a', 'Closed', true, false)]} isLoading={false} selected={null} onSelect={() => undefined} />);
    expect(screen.getByTestId('location-selector').textContent).toContain('No locations available');
  });

  it("shows a single location as text with a 'Default' badge", () => {
    const only = loc('a', 'Downtown', true);
    render(
      <LocationSelector locations={[only, loc('b', 'Old', false, false)]} isLoading={false} selected={only} onSelect={() => undefined} />,
    );
    const box = screen.getByTestId('location-selector');
    expect(box.textContent).toContain('Downtown');
    expect(box.textContent).toContain('Default');
    expect(within(box).queryByRole('button')).toBeNull();
  });

  it('offers a dropdown of active locations only, default ones badged', () => {
    const onSelect = vi.fn();
    const a = loc('a', 'Downtown', true);
    render(
      <LocationSelector
        locations={[a, loc('b', 'Uptown'), loc('c', 'Closed', false, false)]}
        isLoading={false}
        selected={a}
        onSelect={onSelect}
      />,
    );
    const trigger = screen.getByRole('button', { name: /Select location/ });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    const list = screen.getByRole('listbox', { name: 'Select location' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['DowntownDefault', 'Uptown']);
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.click(options[1]);
    expect(onSelect).toHaveBeenCalledWith('b');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("reads 'Select location' when nothing is selected", () => {
    render(<LocationSelector locations={[loc('a', 'A'), loc('b', 'B')]} isLoading={false} selected={null} onSelect={() => undefined} />);
    expect(screen.getByTestId('location-current').textContent).toBe('Select location');
  });
});
