import { Injectable } from '@nestjs/common';
import { TokenService } from '@salon/tokens';

/** The caller of every service-to-identity request; not a person, never signs in. */
export const SERVICE_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

/** A service's answer to another service's call: the status and the parsed JSON body (null when none). */
export interface ServiceAnswer {
  status: number;
  ok: boolean;
  body: any;
}

/**
 * A service's own bearer token for calls to other services (identity, clients), signed once and
 * reused until near expiry, and the one way those calls are made: JSON, the token, a timeout.
 * A network failure or timeout rejects; every status is the caller's to interpret.
 */
@Injectable()
export class ServiceToken {
  private current: { token: string; until: number } | null = null;

  constructor(private readonly tokens: TokenService) {}

  async bearer(): Promise<string> {
    if (this.current && this.current.until > Date.now() + 60_000) return `Bearer ${this.current.token}`;
    const { token, claims } = await this.tokens.issue(SERVICE_ACCOUNT_ID, 'admin');
    this.current = { token, until: claims.exp * 1000 };
    return `Bearer ${token}`;
  }

  async call(base: string, path: string, init: { method?: string; body?: unknown; timeoutMs?: number } = {}): Promise<ServiceAnswer> {
    const res = await fetch(new URL(path, base), {
      method: init.method ?? 'GET',
      headers: { authorization: await this.bearer(), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 5000),
    });
    return { status: res.status, ok: res.ok, body: await res.json().catch(() => null) };
  }
}
