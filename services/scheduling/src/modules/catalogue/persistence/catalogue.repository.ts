import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ResourceInput, ResourceView, ServiceInput, ServiceView } from '@salon/contracts';

export type { ResourceView, ServiceView };

const SERVICE_SELECT = `
  SELECT s.*, coalesce((SELECT json_agg(json_build_object('staffId', ss.staff_id, 'durationMin', ss.duration_min, 'priceMinor', ss.price_minor) ORDER BY ss.staff_id)
                        FROM service_staff ss WHERE ss.service_id = s.id), '[]') AS staff
  FROM services s`;

export function toServiceView(r: Record<string, any>): ServiceView {
  return {
    id: r.id,
    locationId: r.location_id,
    name: r.name,
    category: r.category,
    description: r.description,
    durationMin: r.duration_min,
    priceMinor: r.price_minor,
    currency: r.currency,
    bufferBeforeMin: r.buffer_before_min,
    bufferAfterMin: r.buffer_after_min,
    processing:
      r.processing_start_after_min === null
        ? null
        : { startAfterMin: r.processing_start_after_min, durationMin: r.processing_duration_min },
    roomType: r.room_type,
    deviceTypes: r.device_types ?? [],
    onlineBookable: r.online_bookable,
    deposit: r.deposit,
    active: r.active,
    staff: r.staff ?? [],
    version: r.version,
  };
}

function toResourceView(kind: 'room' | 'device', r: Record<string, any>): ResourceView {
  return { id: r.id, kind, locationId: r.location_id, name: r.name, type: r.type, capacity: r.capacity, active: r.active };
}

@Injectable()
export class CatalogueRepository {
  constructor(private readonly dataSource: DataSource) {}

  async listServices(filter: { locationId?: string; onlineOnly?: boolean; includeInactive?: boolean }): Promise<ServiceView[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.locationId) where.push(`s.location_id = $${params.push(filter.locationId)}`);
    if (!filter.includeInactive) where.push('s.active');
    if (filter.onlineOnly) where.push('s.online_bookable');
    const rows = await this.dataSource.query(
      `${SERVICE_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY s.category NULLS LAST, s.name`,
      params,
    );
    return rows.map(toServiceView);
  }

  async findService(id: string, manager?: EntityManager): Promise<ServiceView | null> {
    const rows = await (manager ?? this.dataSource.manager).query(`${SERVICE_SELECT} WHERE s.id = $1`, [id]);
    return rows[0] ? toServiceView(rows[0]) : null;
  }

  async saveService(id: string | null, s: ServiceInput): Promise<string> {
    return this.dataSource.transaction(async (m) => {
      const values = [
        s.locationId,
        s.name,
        s.category ?? null,
        s.description ?? null,
        s.durationMin,
        s.priceMinor,
        s.currency,
        s.bufferBeforeMin,
        s.bufferAfterMin,
        s.processing?.startAfterMin ?? null,
        s.processing?.durationMin ?? null,
        s.roomType ?? null,
        s.deviceTypes,
        s.onlineBookable,
        s.deposit ? JSON.stringify(s.deposit) : null,
        s.active,
      ];
      let serviceId = id;
      if (serviceId) {
        const res = await m.query(
          `UPDATE services SET location_id=$1, name=$2, category=$3, description=$4, duration_min=$5, price_minor=$6, currency=$7, buffer_before_min=$8,
             buffer_after_min=$9, processing_start_after_min=$10, processing_duration_min=$11, room_type=$12, device_types=$13, online_bookable=$14,
             deposit=$15, active=$16, version = version + 1, updated_at = now() WHERE id = $17 RETURNING id`,
          [...values, serviceId],
        );
        if (res[1] === 0) return ''; // UPDATE answers [rows, affected]
      } else {
        const [row] = await m.query(
          `INSERT INTO services (location_id, name, category, description, duration_min, price_minor, currency, buffer_before_min, buffer_after_min,
             processing_start_after_min, processing_duration_min, room_type, device_types, online_bookable, deposit, active)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16) RETURNING id`,
          values,
        );
        serviceId = row.id as string;
      }
      await m.query(`DELETE FROM service_staff WHERE service_id = $1`, [serviceId]);
      for (const st of s.staff) {
        await m.query(`INSERT INTO service_staff (service_id, staff_id, duration_min, price_minor) VALUES ($1, $2, $3, $4)`, [
          serviceId,
          st.staffId,
          st.durationMin ?? null,
          st.priceMinor ?? null,
        ]);
      }
      return serviceId!;
    });
  }

  async serviceExists(id: string): Promise<boolean> {
    return (await this.dataSource.query(`SELECT 1 FROM services WHERE id = $1`, [id])).length > 0;
  }

  async deactivateService(id: string): Promise<boolean> {
    const [, count] = await this.dataSource.query(
      `UPDATE services SET active = false, version = version + 1, updated_at = now() WHERE id = $1`,
      [id],
    );
    return count > 0;
  }

  async listResources(kind: 'room' | 'device', locationId?: string, includeInactive = false): Promise<ResourceView[]> {
    const table = kind === 'room' ? 'rooms' : 'devices';
    const where: string[] = [];
    const params: unknown[] = [];
    if (locationId) where.push(`location_id = $${params.push(locationId)}`);
    if (!includeInactive) where.push('active');
    const rows = await this.dataSource.query(
      `SELECT * FROM ${table} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY name`,
      params,
    );
    return rows.map((r: any) => toResourceView(kind, r));
  }

  async findResource(kind: 'room' | 'device', id: string): Promise<ResourceView | null> {
    const rows = await this.dataSource.query(`SELECT * FROM ${kind === 'room' ? 'rooms' : 'devices'} WHERE id = $1`, [id]);
    return rows[0] ? toResourceView(kind, rows[0]) : null;
  }

  async saveResource(kind: 'room' | 'device', id: string | null, r: ResourceInput): Promise<ResourceView | null> {
    const table = kind === 'room' ? 'rooms' : 'devices';
    const values = [r.locationId, r.name, r.type, r.capacity, r.active];
    const rows = id
      ? await this.dataSource.query(
          `UPDATE ${table} SET location_id=$1, name=$2, type=$3, capacity=$4, active=$5, updated_at=now() WHERE id=$6 RETURNING *`,
          [...values, id],
        )
      : await this.dataSource.query(
          `INSERT INTO ${table} (location_id, name, type, capacity, active) VALUES ($1,$2,$3,$4,$5) RETURNING *`,
          values,
        );
    const row = Array.isArray(rows[0]) ? rows[0][0] : rows[0];
    return row ? toResourceView(kind, row) : null;
  }
}
