import { Injectable } from '@nestjs/common';
import { TokenService } from '@salon/tokens';
import type { z } from 'zod';

/** The caller of every service-to-identity request; not a person, never signs in. */
export const SERVICE_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

/** A service's answer to another service's call: the status and the parsed JSON body (null when none). */
export interface ServiceAnswer {
  status: number;
  ok: boolean;
  body: any;
}

/** An answer to a call made with the answer's contract: an OK answer's body has been checked against it. */
export type CheckedAnswer<T> = { status: number; ok: true; body: T } | { status: number; ok: false; body: any };

/**
 * Another service answered OK with a body its contract (a schema of @salon/contracts) does not
 * allow: the two services have drifted apart. Names the call and every field that does not fit.
 */
export class ContractDriftError extends Error {
  override readonly name = 'ContractDriftError';

  constructor(
    readonly call: string,
    readonly problems: { field: string; message: string }[],
  ) {
    super(`${call} answered a body that breaks its contract: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
  }
}

/** The body checked against the contract's schema; a drift throws ContractDriftError naming the fields. */
export function parseAnswer<S extends z.ZodType>(schema: S, body: unknown, call: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : '(body)',
    message: issue.message,
  }));
  throw new ContractDriftError(call, problems);
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

  /**
   * With `schema` (the contract of the answer), an OK answer's body is checked against it and a
   * drift rejects with ContractDriftError; other statuses are returned unchecked.
   */
  call<S extends z.ZodType>(base: string, path: string, init: CallInit & { schema: S }): Promise<CheckedAnswer<z.output<S>>>;
  call(base: string, path: string, init?: CallInit): Promise<ServiceAnswer>;
  async call(base: string, path: string, init: CallInit & { schema?: z.ZodType } = {}): Promise<ServiceAnswer> {
    const url = new URL(path, base);
    const method = init.method ?? 'GET';
    const res = await fetch(url, {
      method,
      headers: { authorization: await this.bearer(), ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 5000),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok || !init.schema) return { status: res.status, ok: res.ok, body };
    return { status: res.status, ok: res.ok, body: parseAnswer(init.schema, body, `${method} ${url.href}`) };
  }
}

export interface CallInit {
  method?: string;
  body?: unknown;
  timeoutMs?: number;
}
