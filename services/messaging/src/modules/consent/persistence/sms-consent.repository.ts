import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

@Injectable()
export class SmsConsentRepository {
  constructor(private readonly dataSource: DataSource) {}

  async isOptedOut(phone: string, manager?: EntityManager): Promise<boolean> {
    const rows: { opted_out: boolean }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT opted_out FROM sms_consent WHERE phone = $1`,
      [phone],
    );
    return rows[0]?.opted_out ?? false;
  }

  async record(phone: string, optedOut: boolean, source: string, at: Date, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO sms_consent (phone, opted_out, changed_at, source) VALUES ($1, $2, $4, $3)
       ON CONFLICT (phone) DO UPDATE SET opted_out = EXCLUDED.opted_out, changed_at = EXCLUDED.changed_at, source = EXCLUDED.source`,
      [phone, optedOut, source, at],
    );
  }
}
