/**
 * The client fields an import can fill, and the mapping from each to a column of the file.
 * `name` is a full-name column, split into first and last name when no first-name column is mapped.
 */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'name',
  'phone',
  'email',
  'birthday',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postalCode',
  'country',
  'tags',
  'source',
  'smsConsent',
  'emailConsent',
  'notes',
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Target field → source column (null or absent: not imported). */
export type ImportMapping = Partial<Record<ImportField, string | null>>;

export const IMPORT_FORMATS = ['generic', 'vagaro', 'fresha', 'mindbody'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_STATUSES = ['uploaded', 'validated', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ON_DUPLICATE = ['skip', 'update'] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];

/** Problems with a mapping itself (not with rows): unknown columns, no first name. */
export function mappingProblems(mapping: ImportMapping, columns: readonly string[]): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const known = new Set(columns);
  for (const [field, column] of Object.entries(mapping)) {
    if (!(IMPORT_FIELDS as readonly string[]).includes(field)) problems.push({ field: `mapping.${field}`, message: 'is not a field an import can fill' });
    else if (column !== null && column !== undefined && column !== '' && !known.has(column)) problems.push({ field: `mapping.${field}`, message: `column "${column}" is not in the file` });
  }
  if (!mapping.firstName && !mapping.name) problems.push({ field: 'mapping.firstName', message: 'map a first-name column (or a full-name column)' });
  return problems;
}

/** Drops empty entries so a stored mapping only names what is imported. */
export function cleanMapping(mapping: ImportMapping): ImportMapping {
  const clean: ImportMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column) clean[field] = column;
  }
  return clean;
}
