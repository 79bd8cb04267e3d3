import { IMPORT_FIELDS, type ImportMapping } from '@salon/contracts';

// The fields, formats, statuses and duplicate rules of an import are the contract's (@salon/contracts clients/imports).

/** Problems with a mapping itself (not with rows): unknown columns, no first name. */
export function mappingProblems(mapping: ImportMapping, columns: readonly string[]): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const known = new Set(columns);
  for (const [field, column] of Object.entries(mapping)) {
    if (!(IMPORT_FIELDS as readonly string[]).includes(field))
      problems.push({ field: `mapping.${field}`, message: 'is not a field an import can fill' });
    else if (column !== null && column !== undefined && column !== '' && !known.has(column))
      problems.push({ field: `mapping.${field}`, message: `column "${column}" is not in the file` });
  }
  if (!mapping.firstName && !mapping.name)
    problems.push({ field: 'mapping.firstName', message: 'map a first-name column (or a full-name column)' });
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
