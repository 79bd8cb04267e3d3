import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BusinessSettings, BusinessSettingsInput } from '@salon/contracts';
import { BusinessSettingsEntity } from './business-settings.entity.js';

@Injectable()
export class BusinessSettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async get(): Promise<BusinessSettings> {
    const row = await this.dataSource.getRepository(BusinessSettingsEntity).findOneByOrFail({ id: 1 });
    return {
      businessName: row.businessName,
      businessLogo: row.businessLogo,
      timeZone: row.timeZone,
      currency: row.currency,
      phone: row.phone,
      email: row.email,
      website: row.website,
    };
  }

  async update(change: BusinessSettingsInput, updatedBy: string | null): Promise<void> {
    await this.dataSource.getRepository(BusinessSettingsEntity).update({ id: 1 }, { ...change, updatedBy });
  }
}
