import { Injectable } from '@nestjs/common';
import { UnauthenticatedError, type AuthContext } from '@salon/nest-kit';
import { TokenService } from '@salon/tokens';
import type { User } from '@salon/contracts';
import { UserRepository } from '../../users/persistence/user.repository.js';
import { UserViewsUseCase } from '../../users/use-cases/user-views.use-case.js';

/** Verify and logout for the token the caller holds. */
@Injectable()
export class SessionUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly views: UserViewsUseCase,
    private readonly tokens: TokenService,
  ) {}

  /** The guard verified the token; this also refuses a user who was deleted or deactivated since. */
  async verify(auth: AuthContext): Promise<{ valid: true; user: User }> {
    const user = await this.users.findById(auth.userId);
    if (!user || !user.isActive) throw new UnauthenticatedError();
    return { valid: true, user: await this.views.view(user) };
  }

  async logout(auth: AuthContext): Promise<{ success: true }> {
    await this.tokens.revoke({
      userId: auth.userId,
      role: auth.role,
      jti: auth.tokenId,
      issuedAt: auth.issuedAt,
      expiresAt: auth.expiresAt,
    });
    return { success: true };
  }
}
