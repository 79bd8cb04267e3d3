import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { LIVE } from '../../clients/persistence/client.repository.js';

@Injectable()
export class ClientsByPhoneRepository {
  /** Ids of the live clients whose phone is this E.164 number (same digits, as the duplicate check compares). */
  async liveIds(phone: string, manager: EntityManager): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT c.id FROM clients c WHERE ${LIVE} AND c.phone_digits <> '' AND c.phone_digits = regexp_replace($1, '[^0-9]', '', 'g') ORDER BY c.id`,
      [phone],
    );
    return rows.map((r) => r.id);
  }
}
