// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster, toast } from './Toaster';
import { dismissToast } from './toast-store';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe('Toaster', () => {
  it('shows a toast’s buttons; pressing one runs it and dismisses the toast', () => {
    const undo = vi.fn();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Appointment moved', variant: 'success', actions: [{ label: 'Undo', onClick: undo, testId: 'toast-undo' }] });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Appointment moved')).toBeNull();
  });
});
