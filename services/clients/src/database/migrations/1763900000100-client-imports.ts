import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Client imports (owned by modules/imports): the import and its progress, the uploaded file
 * (kept in PostgreSQL so any worker can read it and a resumed import re-reads it), and the
 * rejected rows with their reasons. Imported clients point back with clients.import_id/import_row.
 */
export class ClientImports1763900000100 implements MigrationInterface {
  name = 'ClientImports1763900000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE client_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        status text NOT NULL DEFAULT 'uploaded'
          CHECK (status IN ('uploaded', 'validated', 'running', 'completed', 'failed', 'cancelled')),
        file_name text NOT NULL,
        format text NOT NULL CHECK (format IN ('generic', 'vagaro', 'fresha', 'mindbody')),
        columns text[] NOT NULL,
        mapping jsonb NOT NULL DEFAULT '{}',
        on_duplicate text NOT NULL DEFAULT 'skip' CHECK (on_duplicate IN ('skip', 'update')),
        total_rows integer NOT NULL CHECK (total_rows >= 0),
        -- Committed high-water mark: every row up to this number is done (its batch committed).
        processed_rows integer NOT NULL DEFAULT 0 CHECK (processed_rows >= 0 AND processed_rows <= total_rows),
        created_count integer NOT NULL DEFAULT 0,
        updated_count integer NOT NULL DEFAULT 0,
        skipped_duplicate_count integer NOT NULL DEFAULT 0,
        rejected_count integer NOT NULL DEFAULT 0,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        error text,
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`CREATE INDEX client_imports_created_idx ON client_imports (created_at DESC)`);
    await q.query(`CREATE INDEX client_imports_running_idx ON client_imports (started_at) WHERE status = 'running'`);
    await q.query(`
      CREATE TABLE client_import_files (
        import_id uuid PRIMARY KEY REFERENCES client_imports (id) ON DELETE CASCADE,
        content text NOT NULL CHECK (octet_length(content) <= 52428800),
        byte_size integer NOT NULL
      )`);
    await q.query(`
      CREATE TABLE client_import_rejections (
        import_id uuid NOT NULL REFERENCES client_imports (id) ON DELETE CASCADE,
        row_number integer NOT NULL,
        reason text NOT NULL,
        raw jsonb NOT NULL,
        PRIMARY KEY (import_id, row_number)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS client_import_rejections, client_import_files, client_imports`);
  }
}
