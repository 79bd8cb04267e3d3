import { DATE_FORMAT_PROBLEM, INSTANT_FORMAT_PROBLEM } from '@salon/contracts';
import type { z } from 'zod';
import { ValidationFailedError } from '../errors/app-errors.js';

/**
 * Validates a use-case's input with its zod schema; every problem is reported with the field it
 * belongs to, so REST answers 400 naming the field and GraphQL answers BAD_USER_INPUT with it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // reportInput: the issue carries the value it is about, so a missing field ("is required") is
  // told apart from a present one of the wrong type ("must be a string"). The value stays here.
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) return result.data;
  throw new ValidationFailedError(
    result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issueMessage(issue) })),
  );
}

/** zod's own English texts ("Invalid input: expected string, received number", "Too big: …"); a schema's own messages are lower-case sentences. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized)\b/;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  record: 'an object',
  map: 'an object',
  set: 'a list',
  tuple: 'a list',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  uuid: 'must be an id (a UUID)',
  guid: 'must be an id (a UUID)',
  email: 'must be a valid e-mail address',
  datetime: INSTANT_FORMAT_PROBLEM,
  date: DATE_FORMAT_PROBLEM,
  time: 'must be a time like 14:30',
  url: 'must be a URL',
  regex: 'has the wrong format',
};

const plural = (n: number | bigint, word: string) => `${n} ${word}${Number(n) === 1 ? '' : 's'}`;

/**
 * The one place where a zod issue becomes the sentence a caller reads (issue 10, finding 13): a
 * missing value "is required", a present one of the wrong type "must be a string", a bound is
 * named ("must be at most 100 characters"). A schema's own message is kept for a value of the
 * right type (a number sent for an e-mail is neither missing nor a malformed address).
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const custom = !ZOD_DEFAULT.test(issue.message);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return 'is required';
      // A value of the wrong type is told by its type, whatever the schema says about a wrong value of the right type.
      const type = TYPE_NAMES[issue.expected];
      if (type) return `must be ${type}`;
      return custom ? issue.message : `must be a ${issue.expected}`;
    }
    case 'unrecognized_keys':
      return `unknown field(s): ${issue.keys.join(', ')}`;
    case 'too_big': {
      if (custom) return issue.message;
      const max = issue.maximum;
      if (issue.origin === 'string') return `must be at most ${plural(max, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at most ${plural(max, 'item')}`;
      return issue.inclusive === false ? `must be less than ${max}` : `must be at most ${max}`;
    }
    case 'too_small': {
      if (custom) return issue.message;
      const min = issue.minimum;
      if (issue.origin === 'string') return Number(min) === 1 ? 'must not be empty' : `must be at least ${plural(min, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at least ${plural(min, 'item')}`;
      return issue.inclusive === false ? `must be more than ${min}` : `must be at least ${min}`;
    }
    case 'invalid_format':
      return custom ? issue.message : (FORMAT_NAMES[issue.format] ?? `must be a valid ${issue.format}`);
    case 'invalid_value':
      return custom ? issue.message : `must be one of ${issue.values.map(String).join(', ')}`;
    case 'not_multiple_of':
      return custom ? issue.message : `must be a multiple of ${issue.divisor}`;
    default:
      return custom ? issue.message : 'is not valid';
  }
}
