import type { ClientAlert } from '@salon/contracts';

type IconAlert = Pick<ClientAlert, 'kind' | 'text'> & { critical?: boolean | null };

/**
 * A small warning triangle naming the client's alerts (allergies etc.) for screen readers and on
 * hover; critical ones first, marked, and the icon drawn stronger.
 */
export function AlertIcon({ alerts, className = '' }: { alerts: IconAlert[]; className?: string }) {
  if (!alerts.length) return null;
  const ordered = [...alerts.filter((a) => a.critical), ...alerts.filter((a) => !a.critical)];
  const label = `Alerts: ${ordered.map((a) => `${a.text}${a.critical ? ' (critical)' : ''}`).join('; ')}`;
  const critical = alerts.some((a) => a.critical);
  return (
    <span className={`client-alert-icon${critical ? ' critical' : ''} ${className}`.trim()} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M8.26 2.99a2 2 0 0 1 3.48 0l6.02 10.5A2 2 0 0 1 16.02 16.5H3.98a2 2 0 0 1-1.74-3.01zM10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1m0 6.25a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2"
        />
      </svg>
    </span>
  );
}
