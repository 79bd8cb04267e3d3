import {
  IMPORT_FIELDS,
  type ClientImport,
  type ImportField,
  type ImportFormat,
  type ImportMapping,
  type ImportStatus,
  type OnDuplicate,
} from '@salon/contracts';

export interface ClientImportState {
  id: string;
  status: ImportStatus;
  fileName: string;
  format: ImportFormat;
  columns: string[];
  mapping: ImportMapping;
  onDuplicate: OnDuplicate;
  totalRows: number;
  processedRows: number;
  createdCount: number;
  updatedCount: number;
  skippedDuplicateCount: number;
  rejectedCount: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A row as the contract's ClientImport. */
export function toClientImportView(state: ClientImportState): ClientImport {
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, state.mapping[f] ?? null])) as Record<ImportField, string | null>;
  return {
    id: state.id,
    status: state.status,
    fileName: state.fileName,
    format: state.format,
    columns: state.columns,
    mapping,
    onDuplicate: state.onDuplicate,
    totalRows: state.totalRows,
    processedRows: state.processedRows,
    createdCount: state.createdCount,
    updatedCount: state.updatedCount,
    skippedDuplicateCount: state.skippedDuplicateCount,
    rejectedCount: state.rejectedCount,
    createdAt: iso(state.createdAt)!,
    startedAt: iso(state.startedAt),
    finishedAt: iso(state.finishedAt),
    error: state.error,
  };
}
