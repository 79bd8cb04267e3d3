import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface LocationRulesRow {
  locationId: string;
  timeZone: string | null;
  weeklyLimitMinutes: number | null;
  dailyLimitMinutes: number | null;
  multiplierPercent: number;
  forgottenAfterHours: number;
  cardFeeBps: number;
}

const COLUMNS = `location_id AS "locationId", time_zone AS "timeZone", weekly_limit_minutes AS "weeklyLimitMinutes",
  daily_limit_minutes AS "dailyLimitMinutes", multiplier_percent AS "multiplierPercent",
  forgotten_after_hours AS "forgottenAfterHours", card_fee_bps AS "cardFeeBps"`;

/** Each location's overtime rule, card fee and zone (the zone as identity's location events told it). */
@Injectable()
export class LocationRulesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(locationId: string, m?: EntityManager): Promise<LocationRulesRow | null> {
    const rows: LocationRulesRow[] = await (m ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM locations WHERE location_id = $1`, [
      locationId,
    ]);
    return rows[0] ?? null;
  }

  async all(m?: EntityManager): Promise<LocationRulesRow[]> {
    return (m ?? this.dataSource.manager).query(`SELECT ${COLUMNS} FROM locations`);
  }

  async saveRules(m: EntityManager, r: Omit<LocationRulesRow, 'timeZone'>): Promise<void> {
    await m.query(
      `INSERT INTO locations (location_id, weekly_limit_minutes, daily_limit_minutes, multiplier_percent, forgotten_after_hours, card_fee_bps)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (location_id) DO UPDATE SET weekly_limit_minutes = EXCLUDED.weekly_limit_minutes, daily_limit_minutes = EXCLUDED.daily_limit_minutes,
         multiplier_percent = EXCLUDED.multiplier_percent, forgotten_after_hours = EXCLUDED.forgotten_after_hours,
         card_fee_bps = EXCLUDED.card_fee_bps, updated_at = now()`,
      [r.locationId, r.weeklyLimitMinutes, r.dailyLimitMinutes, r.multiplierPercent, r.forgottenAfterHours, r.cardFeeBps],
    );
  }

  async saveZone(m: EntityManager, locationId: string, timeZone: string, name: string | null = null): Promise<void> {
    await m.query(
      `INSERT INTO locations (location_id, time_zone, name) VALUES ($1, $2, $3) ON CONFLICT (location_id)
       DO UPDATE SET time_zone = EXCLUDED.time_zone, name = COALESCE(EXCLUDED.name, locations.name), updated_at = now()`,
      [locationId, timeZone, name],
    );
  }
}
