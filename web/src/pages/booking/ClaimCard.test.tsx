// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ClaimCard } from './ClaimCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VIEW = {
  status: 'open',
  serviceName: 'Haircut',
  staffName: 'Dana Lee',
  startsAt: '2026-11-24T16:00:00.000Z',
  endsAt: '2026-11-24T16:45:00.000Z',
  timeZone: 'America/Chicago',
  expiresAt: '2026-11-24T15:00:00.000Z',
};

function serve(answers: Record<string, [number, unknown]>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const [status, body] = answers[`${init?.method ?? 'GET'} ${url}`] ?? [404, { error: 'This link is not valid' }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const show = (token: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ClaimCard token={token} />
    </QueryClientProvider>,
  );

describe('ClaimCard (/booking?confirm=…)', () => {
  it('shows the booking and adds it to the profile on confirmation', async () => {
    const calls = serve({
      'GET /api/online-booking/claims/tok-1': [200, VIEW],
      'POST /api/online-booking/claims/tok-1/confirm': [200, { ...VIEW, status: 'confirmed' }],
    });
    show('tok-1');
    const card = await screen.findByTestId('booking-claim');
    expect(card.textContent).toContain('Haircut');
    expect(card.textContent).toContain('Tuesday, Nov 24, 10:00 AM');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, add it to my profile' }));
    expect((await screen.findByRole('status')).textContent).toBe('Done: this booking is on your profile.');
    expect(calls).toContain('POST /api/online-booking/claims/tok-1/confirm');
  });

  it('says when the link has expired or is not valid, and offers nothing to press', async () => {
    serve({ 'GET /api/online-booking/claims/old': [200, { ...VIEW, status: 'expired' }] });
    show('old');
    expect((await screen.findByRole('status')).textContent).toMatch(/expired/);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    show('nope');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid');
  });
});
