import { Inject, Injectable } from '@nestjs/common';
import { userSchema } from '@salon/contracts';
import { APP_CONFIG, ServiceToken } from '@salon/nest-kit';
import type { MessagingConfig } from '../../../config.js';

const withPhone = userSchema.pick({ phone: true });

/** Identity, asked with this service's token: the phone a staff member keeps on their own profile. */
@Injectable()
export class StaffPhones {
  constructor(
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly serviceToken: ServiceToken,
  ) {}

  /** The user's own phone, or null (none on file, or identity does not know the user). */
  async ownPhone(userId: string): Promise<string | null> {
    const res = await this.serviceToken.call(this.config.IDENTITY_URL, `/api/users/${encodeURIComponent(userId)}`, { schema: withPhone });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`identity answered ${res.status} for the caller's own phone`);
    return res.body.phone ?? null;
  }
}
