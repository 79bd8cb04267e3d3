import { Injectable } from '@nestjs/common';
import { PermissionResolver, type AuthContext } from '@salon/nest-kit';
import type { Reader } from '../modules/submissions/use-cases/submissions.use-case.js';

/**
 * Routes that clients and staff both call (a client's own forms and documents) carry no permission
 * requirement; the use-case decides with the caller's permissions, loaded here (clients have none).
 */
@Injectable()
export class ReaderProvider {
  constructor(private readonly permissions: PermissionResolver) {}

  async of(auth: AuthContext): Promise<Reader> {
    return { auth, permissions: auth.role === 'client' ? [] : await this.permissions.permissionsOf(auth.userId) };
  }
}

/** The request's user agent, as a string (absent: empty). */
export function userAgentOf(headers: Record<string, string | string[] | undefined>): string {
  const ua = headers['user-agent'];
  return (Array.isArray(ua) ? ua[0] : ua) ?? '';
}
