import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY, dismissToast, getToasts, toast, toastReducer } from './toast-store';

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps one toast at a time', () => {
    const a = { id: 'a', open: true };
    const b = { id: 'b', open: true };
    expect(toastReducer(toastReducer([], { type: 'ADD', toast: a }), { type: 'ADD', toast: b })).toEqual([b]);
  });

  it('removes a dismissed toast after 1,000,000 ms', () => {
    vi.useFakeTimers();
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const t = toast({ title: 'Saved' });
    dismissToast(t.id);
    expect(getToasts()).toEqual([expect.objectContaining({ id: t.id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});
