import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products and stock. Stock is an append-only ledger (`stock_movements`, refused UPDATE/DELETE by a
 * trigger); `stock_balances` holds each product's on-hand at a location, written in the transaction
 * of every movement. Its CHECK (on_hand >= 0) is the last word when two desks sell the last unit:
 * the decrement is a conditional UPDATE under the row's lock, so one wins and the other finds none.
 */
export class RetailProductsStock1796100000000 implements MigrationInterface {
  name = 'RetailProductsStock1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        brand text,
        category text,
        sku text,
        barcode text,
        cost_minor integer NOT NULL DEFAULT 0 CHECK (cost_minor >= 0),
        price_minor integer NOT NULL CHECK (price_minor >= 0),
        tax_class text NOT NULL DEFAULT 'product' CHECK (tax_class IN ('product', 'service', 'none')),
        use text NOT NULL DEFAULT 'retail' CHECK (use IN ('retail', 'professional')),
        active boolean NOT NULL DEFAULT true,
        photo_url text,
        low_stock_threshold integer CHECK (low_stock_threshold >= 0),
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One business per deployment: unique across the table, case-insensitive (a scanner and a typist differ in case).
    await q.query(`CREATE UNIQUE INDEX products_sku_idx ON products (lower(sku)) WHERE sku IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX products_barcode_idx ON products (lower(barcode)) WHERE barcode IS NOT NULL`);
    await q.query(`CREATE INDEX products_name_idx ON products (lower(name))`);
    await q.query(`
      CREATE TABLE stock_balances (
        product_id uuid NOT NULL REFERENCES products (id),
        location_id uuid NOT NULL,
        on_hand integer NOT NULL DEFAULT 0 CHECK (on_hand >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (product_id, location_id)
      )`);
    await q.query(`CREATE INDEX stock_balances_location_idx ON stock_balances (location_id, product_id)`);
    await q.query(`CREATE SEQUENCE purchase_order_number_seq START 1001`);
    await q.query(`
      CREATE TABLE purchase_orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number integer NOT NULL UNIQUE DEFAULT nextval('purchase_order_number_seq'),
        location_id uuid NOT NULL,
        supplier text,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'ordered', 'partially_received', 'received', 'cancelled')),
        created_by uuid,
        created_at timestamptz NOT NULL,
        ordered_at timestamptz,
        received_at timestamptz,
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`
      CREATE TABLE purchase_order_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        purchase_order_id uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
        position integer NOT NULL,
        product_id uuid NOT NULL REFERENCES products (id),
        quantity integer NOT NULL CHECK (quantity > 0),
        received integer NOT NULL DEFAULT 0 CHECK (received >= 0 AND received <= quantity),
        unit_cost_minor integer NOT NULL CHECK (unit_cost_minor >= 0)
      )`);
    await q.query(`CREATE INDEX purchase_order_lines_order_idx ON purchase_order_lines (purchase_order_id, position)`);
    await q.query(`
      CREATE TABLE stock_counts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        location_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted')),
        note text,
        created_by uuid,
        created_at timestamptz NOT NULL,
        posted_at timestamptz,
        version integer NOT NULL DEFAULT 1,
        CHECK ((status = 'posted') = (posted_at IS NOT NULL))
      )`);
    await q.query(`
      CREATE TABLE stock_count_lines (
        stock_count_id uuid NOT NULL REFERENCES stock_counts (id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES products (id),
        counted integer NOT NULL CHECK (counted >= 0),
        expected integer,
        PRIMARY KEY (stock_count_id, product_id)
      )`);
    await q.query(`
      CREATE TABLE stock_movements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products (id),
        location_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('received', 'sold', 'refunded', 'adjusted', 'used', 'transfer_out', 'transfer_in', 'counted')),
        quantity integer NOT NULL CHECK (quantity <> 0),
        on_hand_after integer NOT NULL CHECK (on_hand_after >= 0),
        unit_cost_minor integer,
        reason text,
        ticket_id uuid REFERENCES tickets (id),
        ticket_line_id uuid,
        purchase_order_id uuid REFERENCES purchase_orders (id),
        stock_count_id uuid REFERENCES stock_counts (id),
        transfer_id uuid,
        created_by uuid,
        created_at timestamptz NOT NULL,
        CHECK (kind NOT IN ('received', 'refunded', 'transfer_in') OR quantity > 0),
        CHECK (kind NOT IN ('sold', 'used', 'transfer_out') OR quantity < 0)
      )`);
    await q.query(`CREATE INDEX stock_movements_product_idx ON stock_movements (product_id, location_id, created_at)`);
    await q.query(`CREATE INDEX stock_movements_location_idx ON stock_movements (location_id, created_at)`);
    await q.query(`CREATE INDEX stock_movements_ticket_idx ON stock_movements (ticket_id) WHERE ticket_id IS NOT NULL`);
    await q.query(`
      CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'stock_movements is append-only: correct stock with a new movement';
      END $$`);
    await q.query(`
      CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
      FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only()`);
    // A product line keeps the tax class it was rung up with (a product may be untaxed or taxed as a service).
    await q.query(`ALTER TABLE ticket_lines ADD COLUMN tax_class text CHECK (tax_class IN ('product', 'service', 'none'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ticket_lines DROP COLUMN IF EXISTS tax_class`);
    await q.query(
      `DROP TABLE IF EXISTS stock_movements, stock_count_lines, stock_counts, purchase_order_lines, purchase_orders, stock_balances, products`,
    );
    await q.query(`DROP FUNCTION IF EXISTS stock_movements_append_only()`);
    await q.query(`DROP SEQUENCE IF EXISTS purchase_order_number_seq`);
  }
}
