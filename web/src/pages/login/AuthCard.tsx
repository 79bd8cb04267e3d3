import type { ReactNode } from 'react';

/** Centered card used by the signed-out pages (no sidebar or header). */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-screen">
      <div className="auth-brand" aria-hidden="true">
        <span className="brand-mark brand-mark-lg">S</span>
      </div>
      <main className="auth-card">
        <h1>{title}</h1>
        {subtitle && <p className="muted auth-subtitle">{subtitle}</p>}
        {children}
      </main>
      {footer && <div className="auth-footer">{footer}</div>}
    </div>
  );
}

export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="form-error">
      {message}
    </div>
  );
}

export function FormSuccess({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="alert alert-success" role="status" data-testid="form-success">
      {message}
    </div>
  );
}
