import { Inject, Injectable } from '@nestjs/common';
import { userPermissionsAnswerSchema, type UserPermissionsAnswer } from '@salon/contracts';
import { z } from 'zod';
import { APP_CONFIG } from '../config/config.module.js';
import { AppError } from '../errors/app-errors.js';
import { PermissionResolver } from './permission-resolver.js';
import { ContractDriftError, ServiceToken, type CheckedAnswer } from './service-token.provider.js';

export const identityClientConfigSchema = z.object({
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
  /** How long a user's permissions are reused before identity is asked again. */
  PERMISSION_CACHE_SECONDS: z.coerce.number().int().min(0).default(15),
});

class PermissionsUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';
}

/**
 * Permissions for services that do not own them: asked of identity (the owner) with a
 * short-lived service token, and kept for PERMISSION_CACHE_SECONDS so a page of requests costs
 * one call. A change made by an admin reaches these services within that time.
 */
@Injectable()
export class IdentityPermissionResolver extends PermissionResolver {
  private readonly cache = new Map<string, { until: number; permissions: readonly string[] }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: z.infer<typeof identityClientConfigSchema>,
    private readonly serviceToken: ServiceToken,
  ) {
    super();
  }

  async permissionsOf(userId: string): Promise<readonly string[]> {
    const now = Date.now();
    const hit = this.cache.get(userId);
    if (hit && hit.until > now) return hit.permissions;
    let response: CheckedAnswer<UserPermissionsAnswer>;
    try {
      const path = `/api/users/${encodeURIComponent(userId)}/permissions`;
      response = await this.serviceToken.call(this.config.IDENTITY_URL, path, { timeoutMs: 3000, schema: userPermissionsAnswerSchema });
    } catch (error) {
      if (error instanceof ContractDriftError) throw new PermissionsUnavailableError(`Could not check permissions: ${error.message}`);
      throw new PermissionsUnavailableError(`Could not check permissions: identity is unreachable (${(error as Error).message})`);
    }
    if (response.status === 404) return [];
    if (!response.ok) throw new PermissionsUnavailableError(`Could not check permissions: identity answered ${response.status}`);
    const permissions = Object.freeze([...response.body.data.permissions]);
    this.cache.set(userId, { until: now + this.config.PERMISSION_CACHE_SECONDS * 1000, permissions });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return permissions;
  }
}
