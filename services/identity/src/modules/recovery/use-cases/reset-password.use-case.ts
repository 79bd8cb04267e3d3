import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, OutboxWriter, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { TokenService } from '@salon/tokens';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import type { IdentityConfig } from '../../../config.js';
import { hashPassword } from '../../sessions/domain/password-hasher.js';
import { UserRepository } from '../../users/persistence/user.repository.js';
import { passwordProblem } from '../../users/domain/password-policy.js';
import { hashSecret, requestProblem, secretMatches, wrongCodeMessage } from '../domain/recovery-policy.js';
import type { PasswordResetRequestEntity } from '../persistence/password-reset-request.entity.js';
import { PasswordResetRequestRepository } from '../persistence/password-reset-request.repository.js';
import { RecoveryThrottle } from '../persistence/recovery-throttle.provider.js';

const resetSchema = z
  .strictObject({
    token: z.string('must be a string').min(20, 'is not a valid reset link').max(200).optional(),
    requestId: z.uuid('is not a valid request').optional(),
    code: z
      .string('must be a string')
      .trim()
      .regex(/^\d{6}$/, 'must be the 6-digit code from the text message')
      .optional(),
    password: z.string('must be a string'),
  })
  .refine((v) => Boolean(v.token) !== Boolean(v.code), { path: ['token'], message: 'give either the link token or the code' })
  .refine((v) => !v.code || Boolean(v.requestId), { path: ['requestId'], message: 'is required with a code' });

export const RESET_DONE_MESSAGE =
  'Your password has been changed and every other session has been signed out. Sign in with your new password.';

type Outcome = { ok: true; userId: string } | { ok: false; field: string; message: string };

/** POST /api/auth/reset-password: single-use link or code, then every other session ends. */
@Injectable()
export class ResetPasswordUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
    private readonly requests: PasswordResetRequestRepository,
    private readonly throttle: RecoveryThrottle,
    private readonly tokens: TokenService,
    private readonly outbox: OutboxWriter,
  ) {}

  async execute(body: unknown, ip: string): Promise<{ message: string }> {
    const input = parseInput(resetSchema, body);
    const problem = passwordProblem(input.password);
    if (problem) throw ValidationFailedError.field('password', problem);
    await this.throttle.admitReset(ip);
    const passwordHash = await hashPassword(input.password);
    const key = `password-recovery:${this.config.JWT_SECRET}`;
    // A wrong code must still count, so the transaction commits and the refusal comes after.
    const outcome = await this.dataSource.transaction(async (manager): Promise<Outcome> => {
      if (input.token) {
        const request = await this.requests.findBySecretHashForUpdate(hashSecret(input.token, key), manager);
        const refused = requestProblem(request, new Date());
        if (refused || !request) return { ok: false, field: 'token', message: refused ?? '' };
        return this.complete(request, passwordHash, manager);
      }
      const request = await this.requests.findByIdForUpdate(input.requestId!, manager);
      const refused = requestProblem(request?.channel === 'sms' ? request : null, new Date());
      if (refused || !request) return { ok: false, field: 'code', message: refused ?? '' };
      if (!secretMatches(input.code!, request.secretHash, key)) {
        return { ok: false, field: 'code', message: wrongCodeMessage(await this.requests.recordFailedAttempt(request.id, manager)) };
      }
      return this.complete(request, passwordHash, manager);
    });
    if (!outcome.ok) throw ValidationFailedError.field(outcome.field, outcome.message);
    await this.tokens.revokeAllForUser(outcome.userId);
    return { message: RESET_DONE_MESSAGE };
  }

  private async complete(request: PasswordResetRequestEntity, passwordHash: string, manager: EntityManager): Promise<Outcome> {
    await this.users.update(request.userId, { passwordHash }, manager);
    await this.requests.markUsed(request, manager);
    await this.outbox.append(manager, {
      type: 'identity.password-reset.completed.v1',
      aggregateType: 'user',
      aggregateId: request.userId,
      actor: { type: 'user', id: request.userId },
      payload: { userId: request.userId, requestId: request.id },
    });
    return { ok: true, userId: request.userId };
  }
}
