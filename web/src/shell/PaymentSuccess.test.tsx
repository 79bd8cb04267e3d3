// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PaymentSuccessScreen } from './PaymentSuccess';

afterEach(cleanup);

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Pay
      </button>
      <a href="#behind">Behind</a>
      {open && <PaymentSuccessScreen amount={6600} onClose={() => setOpen(false)} />}
    </>
  );
}

describe('the payment success screen', () => {
  it('takes the focus, keeps Tab on its button, and gives the focus back when it closes', () => {
    render(<Page />);
    const pay = screen.getByRole('button', { name: 'Pay' });
    pay.focus();
    fireEvent.click(pay);
    const close = screen.getByRole('button', { name: 'Close Window' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
    expect(screen.getByRole('dialog', { name: 'Payment successful' }).textContent).toContain('$66.00');
    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(pay);
  });

  it('stays open on Escape: only Close Window closes it (spec §4)', () => {
    const onClose = vi.fn();
    render(<PaymentSuccessScreen amount={100} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('every dialog traps and returns focus', () => {
  it('is the shared Dialog or one with its own trap and test (no third kind)', async () => {
    // A new role="dialog" elsewhere must trap Tab and give focus back like these two, with a test.
    const files = import.meta.glob('../**/*.tsx', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    const withDialogs = Object.entries(files)
      .filter(([path, text]) => !path.endsWith('.test.tsx') && /role="(alert)?dialog"|<dialog\b/.test(text))
      .map(([path]) => path)
      .sort();
    expect(withDialogs).toEqual(['../pages/clients/Dialog.tsx', './PaymentSuccess.tsx']);
  });
});
