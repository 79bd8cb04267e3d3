import { Injectable } from '@nestjs/common';
import { parseInput, type AuthContext } from '@salon/nest-kit';
import { businessSettingsInputSchema, type BusinessSettings } from '@salon/contracts';
import { BusinessSettingsRepository } from '../persistence/business-settings.repository.js';

@Injectable()
export class BusinessSettingsUseCase {
  constructor(private readonly settings: BusinessSettingsRepository) {}

  get(): Promise<BusinessSettings> {
    return this.settings.get();
  }

  async update(auth: AuthContext, input: unknown): Promise<BusinessSettings> {
    const change = parseInput(businessSettingsInputSchema, input);
    await this.settings.update(change, auth.userId);
    return this.settings.get();
  }
}
