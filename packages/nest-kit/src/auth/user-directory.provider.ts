import { Inject, Injectable } from '@nestjs/common';
import { userSchema } from '@salon/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import { ServiceToken } from './service-token.provider.js';

/** The fields of identity's User (its contract) a display name is made of. */
const nameSchema = userSchema.pick({ firstName: true, lastName: true, username: true });

/**
 * People's display names (note authors, calendar columns, "Dana Lee is already booked"), asked of
 * identity, which owns users, and kept for an hour. Identity unreachable → null, asked again next
 * time; callers choose their own fallback text.
 */
@Injectable()
export class UserDirectory {
  private readonly names = new Map<string, { name: string | null; until: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: { IDENTITY_URL?: string },
    private readonly serviceToken: ServiceToken,
  ) {}

  async nameOf(userId: string): Promise<string | null> {
    const hit = this.names.get(userId);
    if (hit && hit.until > Date.now()) return hit.name;
    let name: string | null = null;
    try {
      const path = `/api/users/${encodeURIComponent(userId)}`;
      const res = await this.serviceToken.call(this.config.IDENTITY_URL ?? 'http://127.0.0.1:4001', path, {
        timeoutMs: 1500,
        schema: nameSchema,
      });
      if (res.ok) {
        const user = res.body;
        name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || null;
      }
    } catch {
      return null;
    }
    this.names.set(userId, { name, until: Date.now() + 3_600_000 });
    if (this.names.size > 5000) this.names.delete(this.names.keys().next().value!);
    return name;
  }
}
