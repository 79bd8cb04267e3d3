import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's id is echoed when it looks like an id; anything else (too long, odd bytes) is replaced. */
const ACCEPTABLE_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Gives every request an id: the caller's `x-request-id` when sensible, else a new UUID. It is set
 * on the incoming headers (so the proxy and the GraphQL data sources forward it) and on the answer.
 */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const value = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  req.headers[REQUEST_ID_HEADER] = value;
  res.setHeader(REQUEST_ID_HEADER, value);
  next();
}
