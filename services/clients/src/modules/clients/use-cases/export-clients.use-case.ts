import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, parseInput } from '@salon/nest-kit';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { toCsv } from '@salon/nest-kit';
import type { ClientsConfig } from '../../../config.js';
import { CSV_COLUMNS, csvRow, exportFileName, type ExportClient } from '../domain/export-format.js';
import { ClientExportReader } from '../persistence/client-export.reader.js';

const exportSchema = z.object({ format: z.enum(['csv', 'json'], { error: 'must be csv or json' }).default('csv') }).strip();

export interface ExportDownload {
  fileName: string;
  contentType: string;
  stream: Readable;
}

/**
 * GET /api/clients/export?format=csv|json: every live client with tags, alerts, consent and
 * notes, streamed in batches from one consistent snapshot (never the whole list in memory).
 */
@Injectable()
export class ExportClientsUseCase {
  constructor(
    private readonly reader: ClientExportReader,
    @Inject(APP_CONFIG) private readonly config: ClientsConfig,
  ) {}

  execute(input: unknown): ExportDownload {
    const { format } = parseInput(exportSchema, input);
    const batches = this.reader.batches(this.config.EXPORT_BATCH_SIZE);
    const chunks = format === 'csv' ? csvChunks(batches) : jsonChunks(batches);
    return {
      fileName: exportFileName(format),
      contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      stream: Readable.from(chunks, { objectMode: false }),
    };
  }
}

async function* csvChunks(batches: AsyncIterable<ExportClient[]>): AsyncGenerator<string> {
  // A byte-order mark so spreadsheet programs read the UTF-8 names correctly.
  yield `\uFEFF${toCsv([[...CSV_COLUMNS]])}`;
  for await (const batch of batches) yield toCsv(batch.map(csvRow));
}

async function* jsonChunks(batches: AsyncIterable<ExportClient[]>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield (first ? '\n' : ',\n') + batch.map((c) => JSON.stringify(c)).join(',\n');
    first = false;
  }
  yield '\n]\n';
}
