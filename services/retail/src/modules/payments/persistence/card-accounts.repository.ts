import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface SavedCardRow {
  id: string;
  clientId: string;
  customerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardReaderRow {
  id: string;
  locationId: string;
  label: string;
  deviceType: string;
}

const CARD_COLUMNS = `id, client_id AS "clientId", customer_id AS "customerId", brand, last4, exp_month AS "expMonth", exp_year AS "expYear"`;
const READER_COLUMNS = `id, location_id AS "locationId", label, device_type AS "deviceType"`;

/** Clients' Stripe customers, their saved cards (brand, last four, expiry: never more) and the locations' card readers; SQL only. */
@Injectable()
export class CardAccountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private q(m?: EntityManager): EntityManager {
    return m ?? this.dataSource.manager;
  }

  async customerOf(clientId: string, m?: EntityManager): Promise<string | null> {
    const rows: { customerId: string }[] = await this.q(m).query(
      `SELECT customer_id AS "customerId" FROM card_customers WHERE client_id = $1`,
      [clientId],
    );
    return rows[0]?.customerId ?? null;
  }

  async clientOfCustomer(m: EntityManager, customerId: string): Promise<string | null> {
    const rows: { clientId: string }[] = await m.query(`SELECT client_id AS "clientId" FROM card_customers WHERE customer_id = $1`, [
      customerId,
    ]);
    return rows[0]?.clientId ?? null;
  }

  /** Keeps the first customer made for a client (a racing second one answers the first). */
  async saveCustomer(clientId: string, customerId: string): Promise<string> {
    await this.dataSource.query(`INSERT INTO card_customers (client_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      clientId,
      customerId,
    ]);
    return (await this.customerOf(clientId))!;
  }

  async cards(clientId: string): Promise<SavedCardRow[]> {
    return this.dataSource.query(`SELECT ${CARD_COLUMNS} FROM saved_cards WHERE client_id = $1 ORDER BY created_at DESC, id`, [clientId]);
  }

  async card(m: EntityManager, id: string): Promise<SavedCardRow | null> {
    const rows: SavedCardRow[] = await m.query(`SELECT ${CARD_COLUMNS} FROM saved_cards WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async saveCard(m: EntityManager | undefined, card: SavedCardRow): Promise<void> {
    await this.q(m).query(
      `INSERT INTO saved_cards (id, client_id, customer_id, brand, last4, exp_month, exp_year) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO NOTHING`,
      [card.id, card.clientId, card.customerId, card.brand, card.last4, card.expMonth, card.expYear],
    );
  }

  async reader(m: EntityManager, id: string): Promise<CardReaderRow | null> {
    const rows: CardReaderRow[] = await m.query(`SELECT ${READER_COLUMNS} FROM card_readers WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async readers(locationId: string): Promise<CardReaderRow[]> {
    return this.dataSource.query(`SELECT ${READER_COLUMNS} FROM card_readers WHERE location_id = $1 ORDER BY label, id`, [locationId]);
  }

  async saveReader(reader: CardReaderRow): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO card_readers (id, location_id, label, device_type) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET label = EXCLUDED.label, location_id = EXCLUDED.location_id`,
      [reader.id, reader.locationId, reader.label, reader.deviceType],
    );
  }
}
