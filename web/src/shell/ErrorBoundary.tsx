import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/** Global error screen (spec §2): message, Reload Application, Try Again. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(typeof error === 'string' ? error : '') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected failure', error, info.componentStack);
  }

  private reload = () => {
    window.location.reload();
  };

  private retry = () => {
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="error-screen" role="alert" data-testid="error-screen">
        <div className="error-card">
          <div className="error-icon" aria-hidden="true">
            !
          </div>
          <h1>Something went wrong</h1>
          <p className="error-message">{error.message || 'An unexpected error occurred'}</p>
          <div className="error-actions">
            <button type="button" className="btn btn-primary" onClick={this.reload}>
              Reload Application
            </button>
            <button type="button" className="btn btn-secondary" onClick={this.retry}>
              Try Again
            </button>
          </div>
        </div>
      </div>
    );
  }
}
