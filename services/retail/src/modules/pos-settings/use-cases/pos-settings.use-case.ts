import { Injectable } from '@nestjs/common';
import { isUuid, POS_SETTINGS_DEFAULTS, posSettingsInputSchema, type PosSettingsView } from '@salon/contracts';
import { ConflictError, parseInput, ValidationFailedError } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { bpsToPercent, percentToBps, ppmToRate, rateToPpm } from '../../tickets/domain/money.rules.js';
import { PosSettingsRepository, type PosSettingsRow } from '../persistence/pos-settings.repository.js';

const DEFAULT_ROW = (locationId: string): PosSettingsRow => ({
  locationId,
  serviceTaxPpm: rateToPpm(POS_SETTINGS_DEFAULTS.serviceTaxRate),
  productTaxPpm: rateToPpm(POS_SETTINGS_DEFAULTS.productTaxRate),
  tipPresetsBps: POS_SETTINGS_DEFAULTS.tipPresets.map(percentToBps),
  discountLimitBps: percentToBps(POS_SETTINGS_DEFAULTS.discountLimitPercent),
  giftCardExpiryYears: POS_SETTINGS_DEFAULTS.giftCardExpiryYears,
  version: 0,
});

export function toPosSettingsView(row: PosSettingsRow): PosSettingsView {
  return {
    locationId: row.locationId,
    serviceTaxRate: ppmToRate(row.serviceTaxPpm),
    productTaxRate: ppmToRate(row.productTaxPpm),
    tipPresets: row.tipPresetsBps.map(bpsToPercent),
    discountLimitPercent: bpsToPercent(row.discountLimitBps),
    giftCardExpiryYears: row.giftCardExpiryYears,
    currency: 'USD',
    version: row.version,
  };
}

/** A location's tax rates, tip presets and discount limit; a location that never saved any gets the defaults (version 0). */
@Injectable()
export class PosSettingsUseCase {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: PosSettingsRepository,
  ) {}

  /** The row tickets snapshot when they open. */
  async current(locationId: string, m?: EntityManager): Promise<PosSettingsRow> {
    return (await this.settings.find(locationId, m)) ?? DEFAULT_ROW(locationId);
  }

  async get(locationId: string): Promise<PosSettingsView> {
    if (!isUuid(locationId)) throw ValidationFailedError.field('locationId', 'must be a location id');
    return toPosSettingsView(await this.current(locationId));
  }

  /** Applies to tickets opened from now on; open tickets keep the rates they opened with. */
  async save(locationId: string, input: unknown): Promise<PosSettingsView> {
    if (!isUuid(locationId)) throw ValidationFailedError.field('locationId', 'must be a location id');
    const s = parseInput(posSettingsInputSchema, input);
    return this.dataSource.transaction(async (m) => {
      const current = (await this.settings.lock(m, locationId)) ?? DEFAULT_ROW(locationId);
      if (s.version !== undefined && s.version !== current.version) {
        throw new ConflictError(
          'These settings were changed by someone else; compare and save again',
          toPosSettingsView(current),
          'version',
        );
      }
      await this.settings.save(m, {
        locationId,
        serviceTaxPpm: rateToPpm(s.serviceTaxRate),
        productTaxPpm: rateToPpm(s.productTaxRate),
        tipPresetsBps: [...new Set(s.tipPresets.map(percentToBps))].sort((a, b) => a - b),
        discountLimitBps: percentToBps(s.discountLimitPercent),
        giftCardExpiryYears: s.giftCardExpiryYears === undefined ? current.giftCardExpiryYears : s.giftCardExpiryYears,
      });
      return toPosSettingsView((await this.settings.find(locationId, m))!);
    });
  }
}
