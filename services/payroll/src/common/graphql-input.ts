/** Drops what GraphQL left out (undefined), keeping explicit nulls ("clear this"), for use-cases with strict input schemas. */
export function given<T extends object>(input: T): T {
  return JSON.parse(JSON.stringify(input)) as T;
}
