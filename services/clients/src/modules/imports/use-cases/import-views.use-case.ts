import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@salon/nest-kit';
import type { ClientImport } from '@salon/contracts';
import { toCsv } from '@salon/nest-kit';
import { toClientImportView } from '../domain/client-import-view.js';
import { ClientImportRepository, type ClientImportRecord } from '../persistence/client-import.repository.js';

/** Reading imports: one (the progress bar polls it), the recent ones, the rejected rows as CSV. */
@Injectable()
export class ImportViewsUseCase {
  constructor(private readonly imports: ClientImportRepository) {}

  async record(id: string): Promise<ClientImportRecord> {
    const found = await this.imports.findById(id);
    if (!found) throw new NotFoundError(`Import ${id} not found`);
    return found;
  }

  async get(id: string): Promise<ClientImport> {
    return toClientImportView(await this.record(id));
  }

  async recent(limit = 20): Promise<ClientImport[]> {
    const rows = await this.imports.recent(Math.min(Math.max(1, Math.trunc(limit) || 20), 100));
    return rows.map(toClientImportView);
  }

  /**
   * `row,reason,<the file's columns…>`: the rejected rows as they were, to fix and import again.
   * Through the service's one CSV writer: an uploaded file's cells (and its header) are anyone's
   * text, and a formula among them must not run in the spreadsheet of the staff who opens this.
   */
  async rejectedCsv(id: string): Promise<{ fileName: string; csv: string }> {
    const imp = await this.record(id);
    const rejections = await this.imports.rejections(id);
    const extra = [...new Set(rejections.flatMap((r) => Object.keys(r.raw)).filter((k) => !imp.columns.includes(k)))];
    const columns = [...imp.columns, ...extra];
    const csv = toCsv([
      ['row', 'reason', ...columns],
      ...rejections.map((r) => [String(r.row), r.reason, ...columns.map((c) => r.raw[c] ?? '')]),
    ]);
    const base =
      imp.fileName
        .replace(/\.csv$/i, '')
        .replace(/[^\w.-]+/g, '-')
        .slice(0, 80) || 'import';
    return { fileName: `${base}-rejected.csv`, csv };
  }
}
