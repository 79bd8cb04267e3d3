import { useEffect, useSyncExternalStore } from 'react';
import { TOAST_ACTION_DURATION, TOAST_DURATION, dismissToast, getToasts, subscribeToasts } from './toast-store';

export { toast } from './toast-store';

/** The toast region: one toast at a time (spec §4). */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const current = toasts.find((t) => t.open);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => dismissToast(current.id), current.actions?.length ? TOAST_ACTION_DURATION : TOAST_DURATION);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-atomic="true" data-testid="toast-region">
      {current && (
        <div className={`toast toast-${current.variant ?? 'default'}`} data-testid="toast">
          <div className="toast-body">
            {current.title && <p className="toast-title">{current.title}</p>}
            {current.description && <p className="toast-description">{current.description}</p>}
            {current.actions?.length ? (
              <div className="toast-actions">
                {current.actions.map((a) => (
                  <button
                    key={a.label}
                    type="button"
                    className="btn btn-secondary btn-xs"
                    data-testid={a.testId}
                    onClick={() => {
                      dismissToast(current.id);
                      a.onClick();
                    }}
                  >
                    {a.label}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          <button type="button" className="icon-btn toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(current.id)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
