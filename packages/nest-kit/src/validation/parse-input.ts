import type { z } from 'zod';
import { ValidationFailedError } from '../errors/app-errors.js';

/**
 * Validates a use-case's input with its zod schema; every problem is reported with the field it
 * belongs to, so REST answers 400 naming the field and GraphQL answers BAD_USER_INPUT with it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new ValidationFailedError(
    result.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      message:
        issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)
          ? 'is required'
          : issue.code === 'unrecognized_keys'
            ? `unknown field(s): ${issue.keys.join(', ')}`
            : issue.message,
    })),
  );
}
