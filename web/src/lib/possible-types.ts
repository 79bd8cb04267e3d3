/**
 * Which object types implement each interface (or make up each union) of the API schema. Apollo's
 * cache needs it to match a fragment declared on an interface (`ClassSessionFields on
 * ClassSessionCore`): without it the fragment's fields are dropped when read back, and a class
 * session came out of the cache without `startsAt`. possible-types.test.ts checks it against the
 * composed schema, so a new interface or implementer fails the tests until it is listed here.
 */
export const POSSIBLE_TYPES: Record<string, string[]> = {
  ClassSessionCore: ['ClassSession', 'ClassSessionDetail'],
};
