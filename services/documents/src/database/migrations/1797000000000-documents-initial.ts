import { createEventTables, dropEventTables } from '@salon/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forms (a draft and its published, immutable versions, the services they are asked for), the
 * links sent to clients, submissions with their reads, documents (files in S3, their public ids),
 * and the outbox/inbox.
 *
 * A form's id is a bigint: the public page is `/forms/{digits}`. A published version is never
 * updated (a trigger refuses it), and a submission references (form_id, version), so what a client
 * signed cannot change under them. A submission's content_sha256 is computed over its canonical
 * content when it is made; reading it back recomputes and compares.
 */
export class DocumentsInitial1797000000000 implements MigrationInterface {
  name = 'DocumentsInitial1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE form_id_seq START 1001`);
    await q.query(`
      CREATE TABLE forms (
        id bigint PRIMARY KEY DEFAULT nextval('form_id_seq'),
        name text NOT NULL,
        purpose text NOT NULL DEFAULT 'other' CHECK (purpose IN ('intake', 'consent', 'waiver', 'other')),
        definition jsonb NOT NULL,
        once_per_client boolean NOT NULL DEFAULT false,
        published_version integer,
        archived_at timestamptz,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        version integer NOT NULL DEFAULT 1
      )`);
    await q.query(`
      CREATE TABLE form_versions (
        form_id bigint NOT NULL REFERENCES forms(id),
        version integer NOT NULL CHECK (version >= 1),
        name text NOT NULL,
        definition jsonb NOT NULL,
        published_by uuid,
        published_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (form_id, version)
      )`);
    await q.query(`
      CREATE FUNCTION form_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'a published form version is never changed'; END $$`);
    await q.query(`
      CREATE TRIGGER form_versions_immutable BEFORE UPDATE OR DELETE ON form_versions
      FOR EACH ROW EXECUTE FUNCTION form_versions_immutable()`);
    await q.query(`
      ALTER TABLE forms ADD CONSTRAINT forms_published_version_fk
      FOREIGN KEY (id, published_version) REFERENCES form_versions(form_id, version) DEFERRABLE INITIALLY DEFERRED`);
    await q.query(`
      CREATE TABLE form_services (
        form_id bigint NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
        service_id uuid NOT NULL,
        PRIMARY KEY (form_id, service_id)
      )`);
    await q.query(`CREATE INDEX form_services_service_idx ON form_services (service_id)`);
    await q.query(`
      CREATE TABLE form_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_sha256 text NOT NULL UNIQUE,
        token text NOT NULL,
        form_id bigint NOT NULL REFERENCES forms(id),
        client_id uuid NOT NULL,
        appointment_id uuid,
        due_at timestamptz,
        expires_at timestamptz NOT NULL,
        submission_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX form_requests_client_idx ON form_requests (client_id)`);
    // One request per form per appointment: a redelivered booked event makes none twice.
    await q.query(
      `CREATE UNIQUE INDEX form_requests_appointment_uq ON form_requests (form_id, appointment_id) WHERE appointment_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        form_id bigint NOT NULL,
        form_version integer NOT NULL,
        client_id uuid,
        appointment_id uuid,
        request_id uuid REFERENCES form_requests(id),
        answers jsonb NOT NULL,
        signer_name text,
        signature_key text,
        signature_sha256 text,
        files jsonb NOT NULL DEFAULT '[]',
        signed_at timestamptz NOT NULL,
        ip text NOT NULL,
        user_agent text NOT NULL,
        content_sha256 text NOT NULL CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
        document_id uuid,
        FOREIGN KEY (form_id, form_version) REFERENCES form_versions(form_id, version)
      )`);
    await q.query(`CREATE INDEX submissions_form_idx ON submissions (form_id, signed_at DESC)`);
    await q.query(`CREATE INDEX submissions_client_idx ON submissions (client_id, signed_at DESC)`);
    await q.query(`CREATE UNIQUE INDEX submissions_request_uq ON submissions (request_id) WHERE request_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE submission_reads (
        id bigserial PRIMARY KEY,
        submission_id uuid NOT NULL REFERENCES submissions(id),
        reader_id uuid,
        reader_role text NOT NULL,
        via text NOT NULL,
        read_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX submission_reads_submission_idx ON submission_reads (submission_id, read_at DESC)`);
    await q.query(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        description text,
        kind text NOT NULL DEFAULT 'other',
        file_name text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL CHECK (size >= 0),
        sha256 text NOT NULL,
        storage_key text NOT NULL UNIQUE,
        client_id uuid,
        submission_id uuid REFERENCES submissions(id),
        public_id text UNIQUE CHECK (public_id ~ '^[A-Za-z0-9_-]{22,64}$'),
        public_expires_at timestamptz,
        public_revoked_at timestamptz,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        -- Signed forms are kept: a document made from a submission cannot be deleted before this date.
        retain_until timestamptz
      )`);
    await q.query(`CREATE INDEX documents_client_idx ON documents (client_id, created_at DESC) WHERE deleted_at IS NULL`);
    await createEventTables(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q);
    await q.query(`DROP TABLE documents, submission_reads, submissions, form_requests, form_services`);
    await q.query(`ALTER TABLE forms DROP CONSTRAINT forms_published_version_fk`);
    await q.query(`DROP TABLE form_versions`);
    await q.query(`DROP FUNCTION form_versions_immutable`);
    await q.query(`DROP TABLE forms`);
    await q.query(`DROP SEQUENCE form_id_seq`);
  }
}
