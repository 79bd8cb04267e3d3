// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Dialog } from './Dialog';

afterEach(cleanup);

function Opener({ autoFocusField }: { autoFocusField: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Book
      </button>
      {open && (
        <Dialog title="Book" onClose={() => setOpen(false)}>
          <input aria-label="Client" autoFocus={autoFocusField} />
          <button type="button">Save</button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it.each([false, true])('gives the focus back to what opened it on Escape (a field with autoFocus: %s)', (autoFocusField) => {
    render(<Opener autoFocusField={autoFocusField} />);
    const opener = screen.getByRole('button', { name: 'Book' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Book' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
