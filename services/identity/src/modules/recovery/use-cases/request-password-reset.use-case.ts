import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { phoneDigitsOf, phoneLikeSchema } from '@salon/contracts';
import { APP_CONFIG, OutboxWriter, parseInput } from '@salon/nest-kit';
import { sealSecret } from '@salon/tokens';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { IdentityConfig } from '../../../config.js';
import { BusinessSettingsRepository } from '../../business-settings/persistence/business-settings.repository.js';
import type { UserEntity } from '../../users/persistence/user.entity.js';
import { UserRepository } from '../../users/persistence/user.repository.js';
import {
  EMAIL_REQUEST_ANSWER,
  expiryFor,
  hashSecret,
  newCode,
  newLinkToken,
  SMS_REQUEST_ANSWER,
  type RecoveryChannel,
} from '../domain/recovery-policy.js';
import { PasswordResetRequestRepository } from '../persistence/password-reset-request.repository.js';
import { RecoveryThrottle } from '../persistence/recovery-throttle.provider.js';

const email = z
  .string('must be a string')
  .trim()
  .max(254, 'must be at most 254 characters')
  .toLowerCase()
  .pipe(z.email('must be a valid e-mail address'));
const emailRequestSchema = z.strictObject({ email });
const smsRequestSchema = z
  .strictObject({
    email: email.optional(),
    phone: phoneLikeSchema('must be a phone number such as (312) 555-0101').optional(),
  })
  .refine((v) => Boolean(v.email) !== Boolean(v.phone), { path: ['email'], message: 'give either email or phone' });

/**
 * POST /api/auth/forgot-password and /forgot-password-sms. Whatever happens, the answer is the
 * same; only a real, active account (with a verified phone, for SMS) gets a message, through an
 * event written in the same transaction as the request row.
 */
@Injectable()
export class RequestPasswordResetUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
    private readonly requests: PasswordResetRequestRepository,
    private readonly settings: BusinessSettingsRepository,
    private readonly throttle: RecoveryThrottle,
    private readonly outbox: OutboxWriter,
  ) {}

  async byEmail(body: unknown, ip: string): Promise<{ message: string }> {
    const input = parseInput(emailRequestSchema, body);
    await this.throttle.admitRequest(ip);
    const user = await this.users.findByEmail(input.email);
    if (user?.isActive && (await this.throttle.accountMaySend(user.id, ip))) await this.issue(user, 'email', user.email, ip, randomUUID());
    return { message: EMAIL_REQUEST_ANSWER };
  }

  /** The requestId binds the code to this request; a made-up one is answered for unknown accounts. */
  async bySms(body: unknown, ip: string): Promise<{ message: string; requestId: string }> {
    const input = parseInput(smsRequestSchema, body);
    await this.throttle.admitRequest(ip);
    const requestId = randomUUID();
    const user = input.email ? await this.users.findByEmail(input.email) : await this.users.findByPhoneDigits(phoneDigitsOf(input.phone!));
    const reachable = user?.isActive && user.phone && user.phoneVerifiedAt;
    if (reachable && (await this.throttle.accountMaySend(user.id, ip))) await this.issue(user, 'sms', user.phone!, ip, requestId);
    return { message: SMS_REQUEST_ANSWER, requestId };
  }

  private async issue(user: UserEntity, channel: RecoveryChannel, to: string, ip: string, requestId: string): Promise<void> {
    const secret = channel === 'email' ? newLinkToken() : newCode();
    const expiresAt = expiryFor(channel, new Date());
    const { businessName } = await this.settings.get();
    await this.dataSource.transaction(async (manager) => {
      await this.requests.insert(
        { id: requestId, userId: user.id, channel, secretHash: hashSecret(secret, this.recoveryKey()), expiresAt, requestIp: ip },
        manager,
      );
      await this.outbox.append(manager, {
        type: 'identity.password-reset.requested.v1',
        aggregateType: 'user',
        aggregateId: user.id,
        actor: { type: 'user', id: user.id },
        payload: {
          requestId,
          userId: user.id,
          channel,
          to,
          firstName: user.firstName,
          businessName,
          secret: sealSecret(secret, this.config.EVENT_SECRET_KEY),
          expiresAt: expiresAt.toISOString(),
        },
      });
    });
  }

  recoveryKey(): string {
    return `password-recovery:${this.config.JWT_SECRET}`;
  }
}
