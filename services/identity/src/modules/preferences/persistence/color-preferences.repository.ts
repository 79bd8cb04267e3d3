import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ColorPreferences } from '@salon/contracts';
import { ColorPreferencesEntity } from './color-preferences.entity.js';

@Injectable()
export class ColorPreferencesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<ColorPreferences | null> {
    const row = await this.dataSource.getRepository(ColorPreferencesEntity).findOneBy({ userId });
    if (!row) return null;
    const { primaryColor, isDarkMode, primaryTextColor, secondaryTextColor, savedBrandColors, savedTextColors } = row;
    return { primaryColor, isDarkMode, primaryTextColor, secondaryTextColor, savedBrandColors, savedTextColors };
  }

  async save(userId: string, preferences: ColorPreferences): Promise<void> {
    await this.dataSource.getRepository(ColorPreferencesEntity).upsert({ userId, ...preferences }, ['userId']);
  }
}
