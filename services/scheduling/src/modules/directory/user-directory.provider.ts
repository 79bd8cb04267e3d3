import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, SERVICE_ACCOUNT_ID } from '@salon/nest-kit';
import { TokenService } from '@salon/tokens';
import type { SchedulingConfig } from '../../config.js';

/**
 * Staff names (for calendars and "Dana Lee is already booked" answers), asked of identity, which
 * owns users, and kept for an hour. Identity unreachable → "The staff member".
 */
@Injectable()
export class UserDirectory {
  private readonly names = new Map<string, { name: string | null; until: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: SchedulingConfig,
    private readonly tokens: TokenService,
  ) {}

  async nameOf(userId: string): Promise<string | null> {
    const hit = this.names.get(userId);
    if (hit && hit.until > Date.now()) return hit.name;
    let name: string | null = null;
    try {
      const { token } = await this.tokens.issue(SERVICE_ACCOUNT_ID, 'admin');
      const res = await fetch(new URL(`/api/users/${encodeURIComponent(userId)}`, this.config.IDENTITY_URL), {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(1500),
      });
      if (res.ok) {
        const user = (await res.json()) as { firstName?: string | null; lastName?: string | null; username?: string };
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
