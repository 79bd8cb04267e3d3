import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInitial1763700000000 implements MigrationInterface {
  name = 'IdentityInitial1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await q.query(`CREATE TYPE user_role AS ENUM ('admin', 'staff', 'client')`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username citext NOT NULL UNIQUE,
        email citext NOT NULL UNIQUE,
        first_name text,
        last_name text,
        phone text,
        role user_role NOT NULL,
        profile_picture text,
        password_hash text,
        direct_permissions text[] NOT NULL DEFAULT '{}',
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX users_role_idx ON users (role)`);
    await q.query(`
      CREATE TABLE permission_groups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name citext NOT NULL UNIQUE CHECK (length(btrim(name::text)) > 0),
        description text,
        permissions text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE permission_group_members (
        group_id uuid NOT NULL REFERENCES permission_groups (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (group_id, user_id)
      )`);
    await q.query(`CREATE INDEX permission_group_members_user_idx ON permission_group_members (user_id)`);
    await q.query(`
      CREATE TABLE color_preferences (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        primary_color text NOT NULL DEFAULT '#8b5cf6' CHECK (primary_color ~ '^#[0-9a-f]{6}$'),
        is_dark_mode boolean NOT NULL DEFAULT false,
        primary_text_color text NOT NULL DEFAULT '#111827' CHECK (primary_text_color ~ '^#[0-9a-f]{6}$'),
        secondary_text_color text NOT NULL DEFAULT '#6b7280' CHECK (secondary_text_color ~ '^#[0-9a-f]{6}$'),
        saved_brand_colors text[] NOT NULL DEFAULT '{}',
        saved_text_colors text[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE business_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        business_name text NOT NULL,
        business_logo text,
        time_zone text NOT NULL DEFAULT 'America/Chicago',
        currency char(3) NOT NULL DEFAULT 'USD',
        phone text,
        email text,
        website text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`INSERT INTO business_settings (id, business_name) VALUES (1, 'My Salon')`);
    await q.query(`
      CREATE TABLE locations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(btrim(name)) > 0),
        time_zone text NOT NULL DEFAULT 'America/Chicago',
        is_default boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        address text,
        phone text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT locations_default_is_active CHECK (NOT is_default OR is_active)
      )`);
    await q.query(`CREATE UNIQUE INDEX locations_single_default ON locations ((true)) WHERE is_default`);
    await q.query(`CREATE UNIQUE INDEX locations_name_key ON locations (lower(name))`);
    await q.query(`
      CREATE TABLE staff_invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email citext NOT NULL,
        first_name text,
        last_name text,
        group_ids uuid[] NOT NULL DEFAULT '{}',
        token_hash text NOT NULL UNIQUE,
        invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX staff_invitations_email_idx ON staff_invitations (email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE staff_invitations, locations, business_settings, color_preferences, permission_group_members, permission_groups, users`,
    );
    await q.query(`DROP TYPE user_role`);
  }
}
