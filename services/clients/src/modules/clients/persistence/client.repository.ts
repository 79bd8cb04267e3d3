import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { SIMILAR_NAME_THRESHOLD } from '../domain/client-rules.js';
import { escapeLike, type ClientSort, type ParsedSearch } from '../domain/search-query.js';
import { ClientEntity } from './client.entity.js';

/** Live clients: neither deleted nor merged (the partial indexes are built on exactly this). */
export const LIVE = `c.deleted_at IS NULL AND c.merged_into IS NULL`;

export interface ClientListQuery {
  search: ParsedSearch | null;
  tag?: string | null;
  locationId?: string | null;
  lastVisitBefore?: Date | null;
  lastVisitAfter?: Date | null;
  sort: ClientSort;
  limit: number;
  offset: number;
  /** Keyset paging for readers of the whole book (messaging's campaigns): the clients after this id, in id order. */
  after?: string | null;
  /** Counting stops here when a search or filter matches more (keeps `total` cheap at 100k clients). */
  countCap: number;
}

export interface DuplicateRow {
  id: string;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  nameSimilarity: number;
}

const ORDER: Record<Exclude<ClientSort, 'relevance'>, string> = {
  name: 'c.search_name ASC, c.id ASC',
  '-name': 'c.search_name DESC, c.id DESC',
  createdAt: 'c.created_at ASC, c.id ASC',
  '-createdAt': 'c.created_at DESC, c.id ASC',
  lastVisit: 'c.last_visit_at ASC NULLS LAST, c.id ASC',
  '-lastVisit': 'c.last_visit_at DESC NULLS LAST, c.id ASC',
};

/**
 * The WHERE clause and ranking of one search (pure; the bench and the EXPLAIN checks use it too).
 * Names: pg_trgm similarity (`%`, typos) and word similarity (`%>`, a prefix of any word) on the
 * GIN-indexed `search_name`; phones: the digits exactly or any run of ≥ 3 of them (trigram GIN on
 * `phone_digits`); e-mails: prefix (text_pattern_ops btree). One query; PostgreSQL ORs the indexes.
 */
export function buildClientSearch(q: Omit<ClientListQuery, 'limit' | 'offset' | 'countCap' | 'after'>): {
  where: string;
  order: string;
  params: unknown[];
  rank: string;
  ranked: boolean;
} {
  const params: unknown[] = [];
  // Every parameter typed, so a statement that uses only some of them (the count) still prepares.
  const p = (value: unknown, type = 'text') => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const where = [LIVE];
  if (q.tag) where.push(`c.tags @> ARRAY[${p(q.tag)}]::text[]`);
  if (q.locationId) where.push(`c.preferred_location_id = ${p(q.locationId, 'uuid')}`);
  if (q.lastVisitBefore) where.push(`c.last_visit_at < ${p(q.lastVisitBefore, 'timestamptz')}`);
  if (q.lastVisitAfter) where.push(`c.last_visit_at >= ${p(q.lastVisitAfter, 'timestamptz')}`);
  let rank = '0';
  const s = q.search;
  if (s?.kind === 'phone') {
    if (s.digits.length < 3) where.push('false');
    else {
      const exact = p(s.normalised);
      const prefix = p(`${escapeLike(s.normalised)}%`);
      const prefix1 = p(`1${escapeLike(s.digits)}%`);
      const suffix = p(`%${escapeLike(s.digits)}`);
      const contains = p(`%${escapeLike(s.digits)}%`);
      where.push(`c.phone_digits <> '' AND (c.phone_digits = ${exact} OR c.phone_digits LIKE ${contains})`);
      rank = `CASE WHEN c.phone_digits = ${exact} THEN 0 WHEN c.phone_digits LIKE ${prefix} OR c.phone_digits LIKE ${prefix1} THEN 1 WHEN c.phone_digits LIKE ${suffix} THEN 2 ELSE 3 END`;
    }
  } else if (s?.kind === 'email') {
    const exact = p(s.emailPrefix);
    const prefix = p(`${escapeLike(s.emailPrefix)}%`);
    where.push(`c.email IS NOT NULL AND lower(c.email::text) LIKE ${prefix}`);
    rank = `CASE WHEN lower(c.email::text) = ${exact} THEN 0 ELSE 1 END`;
  } else if (s?.kind === 'name') {
    const startsWith = p(`${escapeLike(s.name)}%`);
    const email = s.emailPrefix ? p(`${escapeLike(s.emailPrefix)}%`) : null;
    const emailMatch = email ? ` OR (c.email IS NOT NULL AND lower(c.email::text) LIKE ${email})` : '';
    if (s.mode === 'short') {
      // btree prefix ranges (text_pattern_ops) on the full name and the last name.
      where.push(`(c.search_name LIKE ${startsWith} OR lower(coalesce(c.last_name, '')) LIKE ${startsWith}${emailMatch})`);
      rank = `CASE WHEN c.search_name LIKE ${startsWith} THEN 1 ELSE 2 END`;
    } else if (s.mode === 'prefix') {
      const wordStartsWith = p(`% ${escapeLike(s.name)}%`);
      where.push(`(c.search_name LIKE ${startsWith} OR c.search_name LIKE ${wordStartsWith}${emailMatch})`);
      rank = `CASE WHEN c.search_name LIKE ${startsWith} THEN 1 WHEN c.search_name LIKE ${wordStartsWith} THEN 2 ELSE 3 END`;
    } else {
      const wordStartsWith = p(`% ${escapeLike(s.name)}%`);
      const name = p(s.name);
      // One word: word similarity (a misspelt first or last name); several: whole-name similarity too.
      const fuzzy = s.name.includes(' ') ? `c.search_name % ${name} OR c.search_name %> ${name}` : `c.search_name %> ${name}`;
      where.push(`(${fuzzy}${emailMatch})`);
      rank =
        `CASE WHEN c.search_name = ${name} THEN 0 WHEN c.search_name LIKE ${startsWith} OR c.search_name LIKE ${wordStartsWith} THEN 1` +
        (email ? ` WHEN lower(c.email::text) LIKE ${email} THEN 2` : '') +
        ` ELSE 3 END * 1.0 - greatest(similarity(c.search_name, ${name}), word_similarity(${name}, c.search_name))`;
    }
  }

  // One or two letters match a good part of the book: list them in name order (the index's
  // order, so the page stops early) rather than ranking every match.
  const short = s?.kind === 'name' && s.mode === 'short';
  const sort = q.sort === 'relevance' ? (s && !short ? 'relevance' : 'name') : q.sort;
  const order = sort === 'relevance' ? `${rank} ASC, c.search_name ASC, c.id ASC` : ORDER[sort];
  return { where: where.join(' AND '), order, params, rank, ranked: sort === 'relevance' };
}

@Injectable()
export class ClientRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(ClientEntity);
  }

  /** A page of matching live clients' ids in order, and how many match (capped, see ClientListQuery). */
  async search(query: ClientListQuery): Promise<{ ids: string[]; total: number }> {
    const found = await this.searchOnce(query);
    // A short word that is no prefix of anyone may be misspelt ("reves"): try it fuzzy.
    if (found.total === 0 && query.offset === 0 && query.search?.kind === 'name' && query.search.mode === 'prefix') {
      return this.searchOnce({ ...query, search: { ...query.search, mode: 'fuzzy' } });
    }
    return found;
  }

  private async searchOnce(query: ClientListQuery): Promise<{ ids: string[]; total: number }> {
    const { where, order: searchOrder, params, rank, ranked } = buildClientSearch(query);
    const n = params.length;
    // Keyset: one index range per page however deep into the book (an OFFSET reads every row before it).
    const relevance = ranked && !query.after;
    const keyset = query.after ? ` AND c.id > $${n + 3}::uuid` : '';
    const order = query.after ? 'c.id ASC' : searchOrder;
    if (relevance) {
      // Ranking reads every match anyway, so the exact count comes with the page (one query).
      const rows: { id: string; total: number }[] = await this.dataSource.query(
        `SELECT c.id, count(*) OVER ()::int AS total FROM clients c WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, query.limit, query.offset],
      );
      if (rows.length > 0 || query.offset === 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
    }
    const rows: { id: string }[] = relevance
      ? []
      : await this.dataSource.query(
          `SELECT c.id FROM clients c WHERE ${where}${keyset} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
          [...params, query.limit, query.offset, ...(query.after ? [query.after] : [])],
        );
    const ids = rows.map((r) => r.id);
    // A short first page is the whole answer: no second query.
    if (query.offset === 0 && !query.after && ids.length < query.limit) return { ids, total: ids.length };
    const unfiltered = !query.search && !query.tag && !query.locationId && !query.lastVisitBefore && !query.lastVisitAfter;
    // The capped count selects `rank` only so that every parameter appears in the statement.
    const [{ total }] = unfiltered
      ? await this.dataSource.query(`SELECT count(*)::int AS total FROM clients c WHERE ${LIVE}`)
      : await this.dataSource.query(
          `SELECT count(*)::int AS total FROM (SELECT ${rank} AS rank FROM clients c WHERE ${where} LIMIT $${n + 1}) m`,
          [...params, query.countCap],
        );
    return { ids, total };
  }

  async findByIds(ids: readonly string[]): Promise<ClientEntity[]> {
    if (ids.length === 0) return [];
    const found = await this.repo().findBy({ id: In([...ids]) });
    const byId = new Map(found.map((c) => [c.id, c]));
    return ids.map((id) => byId.get(id)).filter((c): c is ClientEntity => !!c);
  }

  findById(id: string, manager?: EntityManager): Promise<ClientEntity | null> {
    return this.repo(manager).findOneBy({ id });
  }

  /** Locks the rows (in id order, so two merges cannot deadlock) and returns them. */
  async lock(ids: readonly string[], manager: EntityManager): Promise<ClientEntity[]> {
    const sorted = [...new Set(ids)].sort();
    for (const id of sorted) await manager.query(`SELECT 1 FROM clients WHERE id = $1 FOR UPDATE`, [id]);
    return this.repo(manager).findBy({ id: In(sorted) });
  }

  async insert(values: Partial<ClientEntity>, manager: EntityManager): Promise<ClientEntity> {
    const repo = this.repo(manager);
    const saved = await repo.insert(repo.create(values));
    return (await this.findById(saved.identifiers[0].id as string, manager))!;
  }

  /** Writes a change and bumps the version; the caller holds the row lock. */
  async update(id: string, values: Partial<ClientEntity>, manager: EntityManager): Promise<void> {
    await this.repo(manager)
      .createQueryBuilder()
      .update(ClientEntity)
      .set({ ...values, version: () => 'version + 1', updatedAt: () => 'now()' })
      .where('id = :id', { id })
      .execute();
  }

  /**
   * The oldest live client sharing the phone digits, else the e-mail (the create-time duplicate
   * check, and the client an online visitor's details match), other than `exceptId`.
   */
  async findLiveByContact(
    phone: string | null,
    email: string | null,
    manager?: EntityManager,
    exceptId: string | null = null,
  ): Promise<{ field: 'phone' | 'email'; client: ClientEntity } | null> {
    const m = manager ?? this.dataSource.manager;
    const other = `($2::uuid IS NULL OR c.id <> $2::uuid)`;
    if (phone) {
      const [row] = await m.query(
        `SELECT c.id FROM clients c WHERE ${LIVE} AND ${other} AND c.phone_digits <> '' AND c.phone_digits = regexp_replace($1, '[^0-9]', '', 'g')
          ORDER BY c.created_at, c.id LIMIT 1`,
        [phone, exceptId],
      );
      if (row) return { field: 'phone', client: (await this.findById(row.id, manager))! };
    }
    if (email) {
      const [row] = await m.query(
        `SELECT c.id FROM clients c WHERE ${LIVE} AND ${other} AND c.email IS NOT NULL AND c.email = $1::citext ORDER BY c.created_at, c.id LIMIT 1`,
        [email, exceptId],
      );
      if (row) return { field: 'email', client: (await this.findById(row.id, manager))! };
    }
    return null;
  }

  /** Candidates for "possible duplicate" of a client: same phone, same e-mail, or similar name with a shared birthday or phone ending. */
  async duplicateCandidates(client: ClientEntity, limit = 50): Promise<DuplicateRow[]> {
    return this.dataSource.query(
      `SELECT c.id, c.phone, c.email::text AS email, c.birthday::text AS birthday, similarity(c.search_name, s.search_name)::float AS "nameSimilarity"
         FROM clients s
         JOIN LATERAL (${DUPLICATE_IDS}) d ON true
         JOIN clients c ON c.id = d.id
        WHERE s.id = $1
        ORDER BY "nameSimilarity" DESC, c.id
        LIMIT $2`,
      [client.id, limit],
    );
  }

  /** How many possible duplicates each client has (one query for a page of clients; a few index lookups each). */
  async duplicateCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows: { id: string; n: number }[] = await this.dataSource.query(
      `SELECT s.id, (SELECT count(*)::int FROM (${DUPLICATE_IDS}) d) AS n FROM clients s WHERE s.id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  async countLive(): Promise<number> {
    const [{ n }] = await this.dataSource.query(`SELECT count(*)::int AS n FROM clients c WHERE ${LIVE}`);
    return n;
  }

  /** Re-points clients merged into `from` (earlier merges) at `to`. */
  async repointMerged(from: string, to: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE clients SET merged_into = $2, updated_at = now() WHERE merged_into = $1`, [from, to]);
  }
}

/**
 * Ids of the live clients that may be the same person as `s` (mirrors duplicateReasons() in the
 * domain): same phone digits, same e-mail, or a similar name (trigram similarity above the
 * threshold) with the same birthday or the same last four phone digits. Each branch is an index
 * lookup (phone, e-mail, birthday, phone ending), so it stays cheap at 100k clients.
 */
const SIMILAR = `similarity(c.search_name, s.search_name) > ${SIMILAR_NAME_THRESHOLD}`;
const DUPLICATE_IDS = `
  SELECT c.id FROM clients c WHERE ${LIVE} AND c.id <> s.id AND s.phone_digits <> '' AND c.phone_digits <> '' AND c.phone_digits = s.phone_digits
  UNION
  SELECT c.id FROM clients c WHERE ${LIVE} AND c.id <> s.id AND s.email IS NOT NULL AND c.email IS NOT NULL AND c.email = s.email
  UNION
  SELECT c.id FROM clients c WHERE ${LIVE} AND c.id <> s.id AND s.birthday IS NOT NULL AND c.birthday IS NOT NULL AND c.birthday = s.birthday AND ${SIMILAR}
  UNION
  SELECT c.id FROM clients c WHERE ${LIVE} AND c.id <> s.id AND length(s.phone_digits) >= 4 AND c.phone_digits <> '' AND right(c.phone_digits, 4) = right(s.phone_digits, 4) AND ${SIMILAR}`;
