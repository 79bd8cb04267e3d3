import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface PosSettingsRow {
  locationId: string;
  serviceTaxPpm: number;
  productTaxPpm: number;
  tipPresetsBps: number[];
  discountLimitBps: number;
  /** Years from issue, null: never (CHECK 5..50). */
  giftCardExpiryYears: number | null;
  version: number;
}

const COLUMNS = `location_id AS "locationId", service_tax_ppm AS "serviceTaxPpm", product_tax_ppm AS "productTaxPpm",
  tip_presets_bps AS "tipPresetsBps", discount_limit_bps AS "discountLimitBps", gift_card_expiry_years AS "giftCardExpiryYears", version`;

@Injectable()
export class PosSettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(locationId: string, m?: EntityManager): Promise<PosSettingsRow | null> {
    const rows: PosSettingsRow[] = await (m ?? this.dataSource.manager).query(
      `SELECT ${COLUMNS} FROM pos_settings WHERE location_id = $1`,
      [locationId],
    );
    return rows[0] ?? null;
  }

  async lock(m: EntityManager, locationId: string): Promise<PosSettingsRow | null> {
    const rows: PosSettingsRow[] = await m.query(`SELECT ${COLUMNS} FROM pos_settings WHERE location_id = $1 FOR UPDATE`, [locationId]);
    return rows[0] ?? null;
  }

  /** Inserts the first settings of a location, or writes over the ones read (the caller checked the version). */
  async save(m: EntityManager, s: Omit<PosSettingsRow, 'version'>): Promise<void> {
    await m.query(
      `INSERT INTO pos_settings (location_id, service_tax_ppm, product_tax_ppm, tip_presets_bps, discount_limit_bps, gift_card_expiry_years)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (location_id) DO UPDATE SET service_tax_ppm = EXCLUDED.service_tax_ppm, product_tax_ppm = EXCLUDED.product_tax_ppm,
         tip_presets_bps = EXCLUDED.tip_presets_bps, discount_limit_bps = EXCLUDED.discount_limit_bps,
         gift_card_expiry_years = EXCLUDED.gift_card_expiry_years,
         version = pos_settings.version + 1, updated_at = now()`,
      [s.locationId, s.serviceTaxPpm, s.productTaxPpm, s.tipPresetsBps, s.discountLimitBps, s.giftCardExpiryYears],
    );
  }
}
