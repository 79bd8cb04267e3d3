import { Injectable } from '@nestjs/common';
import { colorPreferencesInputSchema, DEFAULT_COLOR_PREFERENCES, isUuid, type ColorPreferences } from '@salon/contracts';
import { ForbiddenError, NotFoundError, parseInput, type AuthContext } from '@salon/nest-kit';
import { mayReadUser } from '../../users/domain/user-profile.js';
import { UserRepository } from '../../users/persistence/user.repository.js';
import { mergeColorPreferences } from '../domain/color-preferences.js';
import { ColorPreferencesRepository } from '../persistence/color-preferences.repository.js';

@Injectable()
export class ColorPreferencesUseCase {
  constructor(
    private readonly preferences: ColorPreferencesRepository,
    private readonly users: UserRepository,
  ) {}

  /** A user who never saved preferences gets the spec's defaults. */
  async get(auth: AuthContext, userId: string): Promise<ColorPreferences> {
    await this.checkAccess(auth, userId);
    return this.of(userId);
  }

  async of(userId: string): Promise<ColorPreferences> {
    return (await this.preferences.find(userId)) ?? { ...DEFAULT_COLOR_PREFERENCES, savedBrandColors: [], savedTextColors: [] };
  }

  async update(auth: AuthContext, userId: string, input: unknown): Promise<ColorPreferences> {
    const change = parseInput(colorPreferencesInputSchema, input);
    await this.checkAccess(auth, userId);
    const merged = mergeColorPreferences(await this.of(userId), change);
    await this.preferences.save(userId, merged);
    return merged;
  }

  private async checkAccess(auth: AuthContext, userId: string): Promise<void> {
    if (!mayReadUser(auth, userId)) throw new ForbiddenError("Forbidden: only an admin may see another user's preferences");
    if (!isUuid(userId) || !(await this.users.findById(userId))) throw new NotFoundError(`User ${userId} not found`);
  }
}
