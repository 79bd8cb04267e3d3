import { Injectable } from '@nestjs/common';
import { INVALID_CREDENTIALS, lineSchema } from '@salon/contracts';
import { parseInput, UnauthenticatedError } from '@salon/nest-kit';
import { TokenService } from '@salon/tokens';
import { z } from 'zod';
import type { User } from '@salon/contracts';
import { UserRepository } from '../../users/persistence/user.repository.js';
import { UserViewsUseCase } from '../../users/use-cases/user-views.use-case.js';
import { verifyPassword } from '../domain/password-hasher.js';
import { LoginThrottle } from '../persistence/login-throttle.provider.js';

const loginSchema = z.object({
  email: lineSchema(254).min(1, 'is required').toLowerCase(),
  password: z.string('must be a string').min(1, 'is required').max(1024, 'must be at most 1024 characters'),
});

/** POST /api/auth/login: one answer for every wrong-credential case (unknown, wrong, inactive). */
@Injectable()
export class LoginUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly views: UserViewsUseCase,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute(body: unknown, ip: string): Promise<{ token: string; user: User }> {
    const { email, password } = parseInput(loginSchema, body);
    await this.throttle.admit(ip, email);
    const user = await this.users.findByEmailWithPasswordHash(email);
    const passwordMatches = await verifyPassword(user?.passwordHash, password);
    if (!user || !passwordMatches || !user.isActive) {
      await this.throttle.recordFailure(ip, email);
      throw new UnauthenticatedError(INVALID_CREDENTIALS);
    }
    await this.throttle.recordSuccess(ip, email);
    const { token } = await this.tokens.issue(user.id, user.role);
    return { token, user: await this.views.view(user) };
  }
}
