import type { ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Role } from '@salon/contracts';

/** Who is calling, as established by the auth guard from the verified token. */
export interface AuthContext {
  userId: string;
  role: Role;
  tokenId: string;
  issuedAt: number;
  expiresAt: number;
}

export interface RequestWithAuth {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
  auth?: AuthContext;
  /** The caller's effective permissions, loaded once per request by the permission guard. */
  permissions?: readonly string[];
  /**
   * The token check and the permission lookup in flight. The resolvers of one GraphQL request run
   * their guards side by side (the gateway's `_entities` asks for every client of a page at once):
   * sharing one promise costs one Redis round trip and one identity call instead of one per field,
   * and lets every resolver continue in the same tick, so a DataLoader still gets one batch.
   */
  authPending?: Promise<unknown>;
  permissionsPending?: Promise<readonly string[]>;
}

/**
 * The underlying HTTP request for REST handlers and GraphQL resolvers alike. Federation reference
 * resolvers are called as (reference, context, info), one argument short of a field resolver, so
 * reading position 2 directly would find `info` there and no request; GqlExecutionContext
 * normalises both shapes.
 */
export function requestOf(context: ExecutionContext): RequestWithAuth | undefined {
  if (context.getType<string>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<{ req?: RequestWithAuth } | undefined>()?.req;
  }
  return context.switchToHttp().getRequest<RequestWithAuth>();
}
