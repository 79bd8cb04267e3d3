import { createEventTables, dropEventTables } from '@salon/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Live clients: neither deleted nor merged into another (every list, search and duplicate check). */
const LIVE = `deleted_at IS NULL AND merged_into IS NULL`;

export class ClientsInitial1763900000000 implements MigrationInterface {
  name = 'ClientsInitial1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await q.query(`
      CREATE TABLE clients (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        first_name text NOT NULL,
        last_name text,
        phone text,
        phone_digits text GENERATED ALWAYS AS (regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) STORED,
        email citext,
        birthday date,
        address jsonb,
        preferred_location_id uuid,
        preferred_staff_id uuid,
        tags text[] NOT NULL DEFAULT '{}',
        alerts jsonb NOT NULL DEFAULT '[]',
        source text,
        sms_consent boolean NOT NULL DEFAULT false,
        sms_consent_at timestamptz,
        sms_consent_method text,
        sms_consent_by uuid,
        email_consent boolean NOT NULL DEFAULT false,
        email_consent_at timestamptz,
        email_consent_method text,
        email_consent_by uuid,
        last_visit_at timestamptz,
        import_id uuid,
        import_row integer,
        merged_into uuid REFERENCES clients (id),
        deleted_at timestamptz,
        anonymised_at timestamptz,
        version integer NOT NULL DEFAULT 1,
        created_by uuid,
        updated_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- What name search and the name sort work on ("jennifer smith").
        search_name text GENERATED ALWAYS AS (lower(first_name || ' ' || coalesce(last_name, ''))) STORED
      )`);
    await q.query(`CREATE UNIQUE INDEX clients_import_row_uq ON clients (import_id, import_row) WHERE import_id IS NOT NULL`);
    await q.query(`CREATE INDEX clients_merged_into_idx ON clients (merged_into) WHERE merged_into IS NOT NULL`);
    // Search: names by trigram (typos, prefixes of any word), phones by digits, e-mails by prefix.
    await q.query(`CREATE INDEX clients_live_name_trgm ON clients USING gin (search_name gin_trgm_ops) WHERE ${LIVE}`);
    await q.query(
      `CREATE INDEX clients_live_phone_trgm ON clients USING gin (phone_digits gin_trgm_ops) WHERE ${LIVE} AND phone_digits <> ''`,
    );
    await q.query(`CREATE INDEX clients_live_phone_idx ON clients (phone_digits) WHERE ${LIVE} AND phone_digits <> ''`);
    // Possible duplicates: a similar name with the same phone ending or birthday.
    await q.query(`CREATE INDEX clients_live_phone_last4_idx ON clients (right(phone_digits, 4)) WHERE ${LIVE} AND phone_digits <> ''`);
    await q.query(`CREATE INDEX clients_live_email_idx ON clients (email) WHERE ${LIVE} AND email IS NOT NULL`);
    await q.query(
      `CREATE INDEX clients_live_email_prefix_idx ON clients (lower(email::text) text_pattern_ops) WHERE ${LIVE} AND email IS NOT NULL`,
    );
    // One- and two-letter searches: first-name and last-name prefixes by btree range.
    await q.query(`CREATE INDEX clients_live_name_prefix_idx ON clients (search_name text_pattern_ops) WHERE ${LIVE}`);
    await q.query(
      `CREATE INDEX clients_live_last_name_prefix_idx ON clients (lower(coalesce(last_name, '')) text_pattern_ops) WHERE ${LIVE}`,
    );
    // Sorts and filters of the list.
    await q.query(`CREATE INDEX clients_live_name_idx ON clients (search_name, id) WHERE ${LIVE}`);
    await q.query(`CREATE INDEX clients_live_created_idx ON clients (created_at DESC, id) WHERE ${LIVE}`);
    await q.query(`CREATE INDEX clients_live_last_visit_idx ON clients (last_visit_at DESC NULLS LAST, id) WHERE ${LIVE}`);
    await q.query(`CREATE INDEX clients_live_tags_idx ON clients USING gin (tags) WHERE ${LIVE}`);
    await q.query(
      `CREATE INDEX clients_live_location_idx ON clients (preferred_location_id) WHERE ${LIVE} AND preferred_location_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX clients_live_birthday_idx ON clients (birthday) WHERE ${LIVE} AND birthday IS NOT NULL`);

    await q.query(`
      CREATE TABLE note_templates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) > 0),
        description text,
        sections jsonb NOT NULL DEFAULT '[]',
        archived boolean NOT NULL DEFAULT false,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`CREATE UNIQUE INDEX note_templates_name_uq ON note_templates (lower(name)) WHERE NOT archived`);

    await q.query(`
      CREATE TABLE client_notes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id uuid NOT NULL REFERENCES clients (id),
        body text,
        template_id uuid REFERENCES note_templates (id),
        template_name text,
        "values" jsonb,
        pinned boolean NOT NULL DEFAULT false,
        author_id uuid,
        author_name text,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK (body IS NOT NULL OR template_id IS NOT NULL OR deleted_at IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX client_notes_client_idx ON client_notes (client_id, pinned DESC, created_at DESC) WHERE deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX client_notes_template_idx ON client_notes (template_id) WHERE template_id IS NOT NULL`);

    await createEventTables(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q);
    await q.query(`DROP TABLE IF EXISTS client_notes, note_templates, clients`);
  }
}
