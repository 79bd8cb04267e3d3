import { Inject, Injectable } from '@nestjs/common';
import { lineSchema } from '@salon/contracts';
import { parseInput, ValidationFailedError, type AuthContext } from '@salon/nest-kit';
import { z } from 'zod';
import { CsvFileError, parseCsv } from '@salon/nest-kit';
import type { ClientImport } from '@salon/contracts';
import { toClientImportView } from '../domain/client-import-view.js';
import { detectFormat } from '../domain/import-formats.js';
import { IMPORTS_CONFIG, type ImportsConfig } from '../imports.config.js';
import { ClientImportRepository } from '../persistence/client-import.repository.js';

/** UTF-8 (with or without a BOM); bytes that are not UTF-8 are read as Windows-1252, as older Excel saves CSV. */
export function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** `?fileName=`: shown in the import list and the rejected rows' file name; no control characters (a NUL failed the insert with a 500). */
const uploadQuerySchema = z.object({ fileName: lineSchema(1000).optional() });

/** Step 1: keep the uploaded CSV, read its header, recognise the exporting system, suggest a mapping. */
@Injectable()
export class UploadImportUseCase {
  constructor(
    private readonly imports: ClientImportRepository,
    @Inject(IMPORTS_CONFIG) private readonly config: ImportsConfig,
  ) {}

  async upload(input: { content: unknown; fileName?: unknown }, auth: AuthContext): Promise<ClientImport> {
    const query = parseInput(uploadQuerySchema, { fileName: input.fileName });
    const content = Buffer.isBuffer(input.content) ? decodeCsv(input.content) : typeof input.content === 'string' ? input.content : null;
    if (content === null || content.trim() === '')
      throw ValidationFailedError.field('file', 'send the CSV as the request body with Content-Type: text/csv');
    if (Buffer.byteLength(content) > this.config.IMPORT_MAX_FILE_MB * 1024 * 1024) {
      throw ValidationFailedError.field('file', `must be at most ${this.config.IMPORT_MAX_FILE_MB} MB`);
    }
    if (content.includes('\u0000'))
      throw ValidationFailedError.field('file', 'must be a CSV text file (this looks like a spreadsheet or binary file: save it as CSV)');
    let parsed;
    try {
      parsed = parseCsv(content);
    } catch (error) {
      if (error instanceof CsvFileError) throw ValidationFailedError.field('file', error.message);
      throw error;
    }
    if (parsed.records.length === 0) throw ValidationFailedError.field('file', 'has a header row but no clients');
    const detected = detectFormat(parsed.columns);
    const fileName = (query.fileName ?? '').slice(0, 255) || 'clients.csv';
    const created = await this.imports.create({
      fileName,
      format: detected.format,
      columns: parsed.columns,
      mapping: Object.fromEntries(Object.entries(detected.mapping).filter(([, c]) => c !== null)),
      totalRows: parsed.records.length,
      createdBy: auth.userId,
      content,
    });
    return toClientImportView(created);
  }
}
