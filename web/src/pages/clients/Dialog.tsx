import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
// The dialog's own styles (and the alert colours), whichever screen opens it first.
import '../../styles/clients.css';

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
  /** Describes the dialog (e.g. a confirmation's explanation). */
  description?: ReactNode;
  /** 'side': a panel along the right edge (details beside the calendar) instead of a centred box. */
  placement?: 'center' | 'side';
  /** Where focus goes when it closes (default: wherever it was when it opened). */
  returnFocus?: HTMLElement | null;
  /** Extra content in the title row, before the close button. */
  headerExtra?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog: labelled, Escape and backdrop close it, focus stays inside and returns after. */
export function Dialog({ title, onClose, children, wide, testId, description, placement = 'center', returnFocus, headerExtra }: Props) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Read while rendering, before React's autoFocus moves the focus into the dialog at commit: read in
  // the effect, "what had focus" would already be the dialog's own field, and nothing would get it back.
  const returnTo = useRef(returnFocus ?? (document.activeElement as HTMLElement | null));
  useEffect(() => {
    const previous = returnTo.current;
    const node = ref.current;
    const first = node?.querySelector<HTMLElement>('[autofocus], ' + FOCUSABLE);
    first?.focus();
    return () => {
      if (previous?.isConnected) previous.focus?.();
    };
  }, []);
  // When what had focus went away (a status button replaced after its change), Escape still closes.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onDocKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && (!document.activeElement || document.activeElement === document.body)) close.current();
    };
    document.addEventListener('keydown', onDocKey);
    return () => document.removeEventListener('keydown', onDocKey);
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return createPortal(
    <div className={`dialog-backdrop${placement === 'side' ? ' side' : ''}`} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={`dialog${wide ? ' wide' : ''}${placement === 'side' ? ' side' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-desc` : undefined}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <div className="row between">
          <h2 id={`${id}-title`}>{title}</h2>
          {headerExtra}
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {description && (
          <div id={`${id}-desc`} className="muted">
            {description}
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
