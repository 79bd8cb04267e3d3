// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ErrorBoundary } from './ErrorBoundary';

let shouldThrow: Error | null = null;
function Bomb() {
  if (shouldThrow) throw shouldThrow;
  return <p>All good</p>;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  shouldThrow = null;
});

describe('ErrorBoundary', () => {
  it('shows the error screen with the message', () => {
    shouldThrow = new Error('Kaboom');
    render(
      <ErrorBoundary>
        <Bomb />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('Kaboom');
    expect(screen.getByRole('button', { name: 'Reload Application' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it("falls back to 'An unexpected error occurred'", () => {
    shouldThrow = new Error('');
    render(
      <ErrorBoundary>
        <Bomb />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('An unexpected error occurred');
  });

  it('Try Again clears the error', () => {
    shouldThrow = new Error('Once');
    function Harness() {
      const [n] = useState(0);
      return (
        <ErrorBoundary key={n}>
          <Bomb />
        </ErrorBoundary>
      );
    }
    render(<Harness />);
    shouldThrow = null;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('All good')).toBeTruthy();
  });

  it('Reload Application reloads the page', () => {
    shouldThrow = new Error('x');
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
    try {
      render(
        <ErrorBoundary>
          <Bomb />
        </ErrorBoundary>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Reload Application' }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
