/** Loading spinner with the text 'Loading...' (spec §2). */
export function Spinner({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <div className={fullScreen ? 'spinner-screen' : 'spinner-inline'} role="status" aria-live="polite" data-testid="loading-spinner">
      <span className="spinner" aria-hidden="true" />
      <span className="spinner-text">Loading...</span>
    </div>
  );
}
