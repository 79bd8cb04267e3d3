import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The allocations module is the only writer of `allocations`: no other file of the service may
 * insert, update, delete or truncate its rows. Migrations (the table's history) are the exception.
 */
const SRC = fileURLToPath(new URL('../../', import.meta.url));
const OWNER = `modules${sep}allocations${sep}`;
const MIGRATIONS = `database${sep}migrations${sep}`;
const WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+(?:ONLY\s+)?"?allocations"?\b/i;

/** `file:line` of every statement in `text` that writes `allocations`. */
export function allocationWrites(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (WRITE.test(line) ? [`${file}:${i + 1}`] : []));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the one writer of allocations', () => {
  it('no file outside modules/allocations writes the allocations table', () => {
    const offenders = sourceFiles(SRC)
      .map((f) => relative(SRC, f))
      .filter((f) => !f.startsWith(OWNER) && !f.startsWith(MIGRATIONS))
      .flatMap((f) => allocationWrites(f, readFileSync(join(SRC, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('finds a planted write in any of its forms', () => {
    const planted = [
      'await m.query(`INSERT INTO allocations (appointment_id) VALUES ($1)`, [id]);',
      "await m.query('update allocations set active = false where appointment_id = $1', [id]);",
      'await m.query(`DELETE FROM  allocations WHERE class_session_id = $1`, [id]);',
      'await m.query(`TRUNCATE TABLE allocations`);',
      'await m.query(`SELECT * FROM allocations WHERE active`); // a read is fine',
    ].join('\n');
    expect(allocationWrites('planted.ts', planted)).toEqual(['planted.ts:1', 'planted.ts:2', 'planted.ts:3', 'planted.ts:4']);
  });
});
