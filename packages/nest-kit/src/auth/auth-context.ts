import type { ExecutionContext } from '@nestjs/common';
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
}

/** The underlying HTTP request for REST handlers and GraphQL resolvers alike. */
export function requestOf(context: ExecutionContext): RequestWithAuth {
  if (context.getType<string>() === 'graphql') {
    const gqlContext = context.getArgByIndex(2) as { req: RequestWithAuth };
    return gqlContext.req;
  }
  return context.switchToHttp().getRequest<RequestWithAuth>();
}
