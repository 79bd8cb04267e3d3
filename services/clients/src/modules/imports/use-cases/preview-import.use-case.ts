import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, ValidationFailedError } from '@salon/nest-kit';
import { parseCsv, rawRow } from '@salon/nest-kit';
import type { ImportMapping, ImportPreview, PreviewRow } from '@salon/contracts';
import { cleanMapping, mappingProblems } from '../domain/import-fields.js';
import { ExistingIndex, lookupKeys, planRows } from '../domain/import-plan.js';
import { indexMapping } from '../domain/import-row.js';
import { ClientImportRepository } from '../persistence/client-import.repository.js';
import { ImportViewsUseCase } from './import-views.use-case.js';

export const PREVIEW_ROWS = 20;

/** Parses a mapping given as JSON text (the preview's query parameter). */
export function parseMappingParam(text: string | undefined): ImportMapping | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw ValidationFailedError.field('mapping', 'must be a JSON object of field → column');
  }
  return checkMappingShape(value);
}

export function checkMappingShape(value: unknown): ImportMapping {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw ValidationFailedError.field('mapping', 'must be an object of field → column');
  for (const [field, column] of Object.entries(value)) {
    if (column !== null && typeof column !== 'string')
      throw ValidationFailedError.field(`mapping.${field}`, 'must be a column name or null');
  }
  return value as ImportMapping;
}

/** Step 2: the whole file validated with a mapping; the first rows shown with their problems. */
@Injectable()
export class PreviewImportUseCase {
  constructor(
    private readonly imports: ClientImportRepository,
    private readonly views: ImportViewsUseCase,
    @Inject(APP_CONFIG) private readonly appConfig: { DEFAULT_PHONE_COUNTRY?: string },
  ) {}

  async preview(id: string, requested?: ImportMapping): Promise<ImportPreview> {
    const imp = await this.views.record(id);
    const mapping = cleanMapping(requested ?? imp.mapping);
    const problems = mappingProblems(requested ?? imp.mapping, imp.columns);
    if (problems.length) throw new ValidationFailedError(problems);
    const content = await this.imports.content(id);
    if (content === null) throw ValidationFailedError.field('file', 'the uploaded file is gone');
    const parsed = parseCsv(content);
    const outcomes = planRows(parsed.records, indexMapping(mapping, parsed.columns), {
      defaultCountry: this.appConfig.DEFAULT_PHONE_COUNTRY ?? 'US',
    });
    const keys = lookupKeys(outcomes);
    const existing = new ExistingIndex(await this.imports.existingClients(keys.phoneDigits, keys.emails, null));

    let rejectedCount = 0;
    let duplicateCount = 0;
    const rejectedSample: ImportPreview['rejectedSample'] = [];
    const rows: PreviewRow[] = [];
    for (const o of outcomes) {
      const match = o.kind === 'client' ? existing.match(o.client) : null;
      if (o.kind === 'rejected') {
        rejectedCount++;
        if (rejectedSample.length < PREVIEW_ROWS) rejectedSample.push({ row: o.row, reason: o.reason });
      } else if (match) duplicateCount++;
      if (rows.length < PREVIEW_ROWS) {
        rows.push({
          row: o.row,
          status: o.kind === 'rejected' ? 'rejected' : match ? 'duplicate' : 'new',
          client: o.kind === 'client' ? o.client : null,
          problems: o.kind === 'rejected' ? o.reason.split('; ') : [],
          duplicateOfClientId: match?.id ?? null,
          raw: rawRow(parsed.columns, parsed.records[o.row - 1]),
        });
      }
    }
    if (imp.status === 'uploaded' || imp.status === 'validated') await this.imports.saveMapping(id, mapping);
    return { columns: parsed.columns, mapping, rows, totalRows: outcomes.length, rejectedCount, duplicateCount, rejectedSample };
  }
}
