import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventType } from '@salon/contracts';
import { APP_CONFIG, OutboxWriter, type DomainEventInput } from '@salon/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { CsvFileError, parseCsv, rawRow } from '@salon/nest-kit';
import {
  ExistingIndex,
  lookupKeys,
  patchFor,
  planRows,
  type ClientPatch,
  type ExistingClient,
  type RowOutcome,
} from '../domain/import-plan.js';
import type { ImportedClient } from '@salon/contracts';
import { indexMapping } from '../domain/import-row.js';
import { IMPORTS_CONFIG, type ImportsConfig } from '../imports.config.js';
import { ClientImportRepository, uuidOrNull, type BatchCounts, type ClientImportRecord } from '../persistence/client-import.repository.js';

/** The import cannot go on whatever the retries (its file is unreadable): it is marked failed at once. */
export class ImportUnrecoverableError extends Error {}

export type RunOutcome = 'completed' | 'not-running';

/**
 * The worker's part: the import, batch after batch, each batch in ONE transaction — new clients
 * (multi-row INSERT … ON CONFLICT (import_id, import_row) DO NOTHING), updates of duplicates,
 * rejected rows, outbox events and the committed high-water mark `processed_rows` together.
 * A restarted worker replays the (deterministic) plan and continues after `processed_rows`;
 * a batch that was in flight when a worker died rolled back, so nobody is created twice.
 */
@Injectable()
export class RunImportUseCase {
  private readonly logger = new Logger('RunImport');

  constructor(
    private readonly dataSource: DataSource,
    private readonly imports: ClientImportRepository,
    private readonly outbox: OutboxWriter,
    @Inject(IMPORTS_CONFIG) private readonly config: ImportsConfig,
    @Inject(APP_CONFIG) private readonly appConfig: { DEFAULT_PHONE_COUNTRY?: string },
  ) {}

  async run(importId: string, onBatch?: (processedRows: number) => Promise<void> | void): Promise<RunOutcome> {
    const imp = await this.imports.findById(importId);
    if (!imp || imp.status !== 'running') return 'not-running';
    const content = await this.imports.content(importId);
    if (content === null) throw new ImportUnrecoverableError('the uploaded file is gone');
    let records: string[][];
    let columns: string[];
    try {
      ({ records, columns } = parseCsv(content));
    } catch (error) {
      if (error instanceof CsvFileError) throw new ImportUnrecoverableError(error.message);
      throw error;
    }
    const outcomes = planRows(records, indexMapping(imp.mapping, columns), {
      defaultCountry: this.appConfig.DEFAULT_PHONE_COUNTRY ?? 'US',
    });
    const total = Math.min(outcomes.length, imp.totalRows);

    let from = imp.processedRows;
    while (from < total) {
      const to = Math.min(from + this.config.IMPORT_BATCH_SIZE, total);
      const next = await this.dataSource.transaction(async (manager) => {
        const locked = await this.imports.findById(importId, manager, true);
        if (!locked || locked.status !== 'running') return null;
        // Another worker got further meanwhile (a lock taken over): continue from its mark.
        if (locked.processedRows !== from) return locked.processedRows;
        const counts = await this.batch(manager, locked, outcomes.slice(from, to), columns, records);
        await this.imports.advance(manager, importId, from, to, counts);
        return to;
      });
      if (next === null) return 'not-running';
      from = next;
      await onBatch?.(from);
    }
    await this.imports.finish(importId, 'completed', null);
    return 'completed';
  }

  private async batch(
    manager: EntityManager,
    imp: ClientImportRecord,
    slice: readonly RowOutcome[],
    columns: string[],
    records: string[][],
  ): Promise<BatchCounts> {
    const actor = uuidOrNull(imp.createdBy);
    const counts: BatchCounts = { created: 0, updated: 0, skipped: 0, rejected: 0 };
    const rejections: { row: number; reason: string; raw: Record<string, string> }[] = [];
    const candidates: { row: number; client: ImportedClient }[] = [];
    for (const o of slice) {
      if (o.kind === 'rejected') rejections.push({ row: o.row, reason: o.reason, raw: rawRow(columns, records[o.row - 1]) });
      else candidates.push({ row: o.row, client: o.client });
    }
    counts.rejected = rejections.length;

    const keys = lookupKeys(slice);
    const existing = new ExistingIndex(await this.imports.existingClients(keys.phoneDigits, keys.emails, imp.id, manager));
    const fresh: { row: number; client: ImportedClient }[] = [];
    const patched = new Map<string, { state: ExistingClient; patch: ClientPatch }>();
    for (const c of candidates) {
      const match = existing.match(c.client);
      if (!match) {
        fresh.push(c);
        continue;
      }
      if (imp.onDuplicate === 'skip') {
        counts.skipped++;
        continue;
      }
      // Two rows of one batch may hit the same client: the second patches the first's result.
      const before = patched.get(match.id);
      const patch = patchFor(before?.state ?? match, c.client);
      if (!patch) {
        counts.skipped++;
        continue;
      }
      const merged: ClientPatch = before
        ? {
            ...patch,
            changed: [...new Set([...before.patch.changed, ...patch.changed])],
            smsConsentChanged: before.patch.smsConsentChanged || patch.smsConsentChanged,
            emailConsentChanged: before.patch.emailConsentChanged || patch.emailConsentChanged,
          }
        : patch;
      if (before)
        counts.skipped++; // one client, counted updated once
      else counts.updated++;
      patched.set(match.id, { state: { ...(before?.state ?? match), ...patch.next }, patch: merged });
    }

    const inserted = await this.imports.insertClients(manager, imp.id, actor, fresh);
    counts.created = inserted.length;
    const byRow = new Map(fresh.map((f) => [f.row, f.client]));
    const patches = [...patched.values()].map((p) => p.patch);
    await this.imports.updateClients(manager, actor, patches);
    await this.imports.insertNotes(
      manager,
      actor,
      inserted.flatMap((i) => {
        const body = byRow.get(i.row)?.notes;
        return body ? [{ clientId: i.id, body }] : [];
      }),
    );
    await this.imports.insertRejections(manager, imp.id, rejections);

    const eventActor = actor ? { type: 'user' as const, id: actor } : { type: 'system' as const, id: null };
    const events: DomainEventInput<EventType>[] = [];
    for (const i of inserted) {
      const c = byRow.get(i.row)!;
      events.push({
        type: 'clients.client.created.v1',
        aggregateType: 'client',
        aggregateId: i.id,
        actor: eventActor,
        payload: { clientId: i.id, firstName: c.firstName, lastName: c.lastName, source: c.source, importId: imp.id },
      });
      if (c.smsConsent) events.push(consentEvent(i.id, 'sms', true, c, eventActor));
      if (c.emailConsent) events.push(consentEvent(i.id, 'email', true, c, eventActor));
    }
    for (const p of patches) {
      events.push({
        type: 'clients.client.updated.v1',
        aggregateType: 'client',
        aggregateId: p.id,
        actor: eventActor,
        payload: { clientId: p.id, changed: p.changed },
      });
      if (p.smsConsentChanged) events.push(consentEvent(p.id, 'sms', p.next.smsConsent, p.next, eventActor));
      if (p.emailConsentChanged) events.push(consentEvent(p.id, 'email', p.next.emailConsent, p.next, eventActor));
    }
    await this.outbox.appendAll(manager, events);
    return counts;
  }
}

function consentEvent(
  clientId: string,
  channel: 'sms' | 'email',
  granted: boolean,
  client: { phone: string | null; email: string | null },
  actor: DomainEventInput<EventType>['actor'],
): DomainEventInput<'clients.client.consent-changed.v1'> {
  return {
    type: 'clients.client.consent-changed.v1',
    aggregateType: 'client',
    aggregateId: clientId,
    actor,
    payload: { clientId, channel, granted, method: 'import', phone: client.phone, email: client.email },
  };
}
