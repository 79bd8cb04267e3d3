// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BookedForms } from './BookedForms';
import { POLL_FOR_MS } from './booked-forms-poll';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const KEY = 'k'.repeat(43);

/** The documents service's answers to the booking's forms, one per ask (the last repeats). */
function serve(answers: unknown[][]) {
  const asks: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asks.push(url);
      const body = answers[Math.min(asks.length - 1, answers.length - 1)];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asks;
}

const flush = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

describe('BookedForms (the /booking confirmation)', () => {
  it('keeps asking with growing waits for two minutes, then offers Check again, which finds forms that came late', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const late = [{ formId: '7', formName: 'New client intake', link: 'http://localhost:4000/forms/7?r=abc' }];
    const asks = serve([[]]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BookedForms formsKey={KEY} />
      </QueryClientProvider>,
    );
    await flush(30_000);
    const after30s = asks.length;
    // Beyond the old 20 asks × 1.5 s, and still fewer than asking every 1.5 s would make.
    expect(after30s).toBeGreaterThan(3);
    expect(after30s).toBeLessThan(20);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    await flush(POLL_FOR_MS);
    const button = screen.getByRole('button', { name: 'Check again' });
    const settled = asks.length;
    await flush(60_000);
    expect(asks.length).toBe(settled);

    serve([late]);
    fireEvent.click(button);
    await flush(100);
    const link = screen.getByRole('link', { name: 'Fill in New client intake' });
    expect(link.getAttribute('href')).toBe('/forms/7?r=abc');
  });
});
