import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_DESIGN, type BookingDesign, type DesignInput } from '../domain/booking-design.js';

function toDesign(r: any): BookingDesign {
  return {
    primaryColor: r.primary_color,
    backgroundColor: r.background_color,
    logoUrl: r.logo_url,
    headline: r.headline,
    intro: r.intro,
    policies: r.policies,
    offeredServiceIds: r.offered_service_ids,
    offeredStaffIds: r.offered_staff_ids,
    allowAnyStaff: r.allow_any_staff,
    version: r.version,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

@Injectable()
export class OnlineBookingRepository {
  constructor(private readonly dataSource: DataSource) {}

  async design(): Promise<BookingDesign> {
    const [row] = await this.dataSource.query(`SELECT * FROM booking_designs WHERE id = 1`);
    return row ? toDesign(row) : DEFAULT_DESIGN;
  }

  /** Saves when `version` is still the stored one (0 = never saved); null when someone saved in between. */
  async saveDesign(d: DesignInput, by: string | null): Promise<BookingDesign | null> {
    const current = await this.design();
    const values = [
      d.primaryColor,
      d.backgroundColor,
      d.logoUrl !== undefined ? d.logoUrl : current.logoUrl,
      d.headline !== undefined ? d.headline : current.headline,
      d.intro !== undefined ? d.intro : current.intro,
      d.policies !== undefined ? d.policies : current.policies,
      d.offeredServiceIds !== undefined ? d.offeredServiceIds : current.offeredServiceIds,
      d.offeredStaffIds !== undefined ? d.offeredStaffIds : current.offeredStaffIds,
      d.allowAnyStaff ?? current.allowAnyStaff,
      by,
      d.version,
    ];
    const rows = await this.dataSource.query(
      `INSERT INTO booking_designs AS b (id, primary_color, background_color, logo_url, headline, intro, policies, offered_service_ids, offered_staff_ids, allow_any_staff, updated_by)
       SELECT 1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 WHERE $11 = 0
       ON CONFLICT (id) DO NOTHING
       RETURNING *`,
      values,
    );
    if (rows.length) return toDesign(rows[0]);
    const updated = await this.dataSource
      .createQueryBuilder()
      .update('booking_designs')
      .set({
        primary_color: values[0],
        background_color: values[1],
        logo_url: values[2],
        headline: values[3],
        intro: values[4],
        policies: values[5],
        offered_service_ids: values[6],
        offered_staff_ids: values[7],
        allow_any_staff: values[8],
        updated_by: by,
        version: () => 'version + 1',
        updated_at: () => 'now()',
      } as never)
      .where('id = 1 AND version = :version', { version: d.version })
      .returning('*')
      .execute();
    return updated.raw[0] ? toDesign(updated.raw[0]) : null;
  }

  async clientOf(userId: string): Promise<string | null> {
    const [row] = await this.dataSource.query(`SELECT client_id FROM client_accounts WHERE user_id = $1`, [userId]);
    return row?.client_id ?? null;
  }

  /** First link wins: two tabs of one client creating their profile at once end with one link. */
  async linkClient(userId: string, clientId: string): Promise<string> {
    const [row] = await this.dataSource.query(
      `INSERT INTO client_accounts (user_id, client_id) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING client_id`,
      [userId, clientId],
    );
    return row.client_id;
  }
}
