import { describe, expect, it } from 'vitest';
import { z as zod, type z } from 'zod';
import * as contracts from '../index.js';
import { INT4_MAX } from './numbers.js';

/**
 * Issue 10, findings 8 and 13, kept from coming back: every input schema of the contracts holds
 * each string to a length (or to a format that is bounded by itself: an id, a date) and each number
 * to what an int4 column takes. A new input field without a limit fails here, naming its path.
 */
const BOUNDED_FORMATS = new Set(['uuid', 'guid', 'datetime', 'date', 'time', 'regex']);

function unbounded(schema: z.ZodType, path: string, out: string[], seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case 'string': {
      // An id or a date format, or a pattern of our own (hex colour, HH:mm, currency), bounds the length; e-mail and URL do not.
      const { maxLength, format } = schema as unknown as { maxLength: number | null; format: string | null };
      if (maxLength === null && !BOUNDED_FORMATS.has(format ?? '')) out.push(`${path}: string without a maximum length`);
      break;
    }
    case 'number': {
      const { maxValue } = schema as unknown as { maxValue: number };
      if (!(maxValue <= INT4_MAX)) out.push(`${path}: number without a maximum within int4`);
      break;
    }
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>))
        unbounded(value, path ? `${path}.${key}` : key, out, seen);
      break;
    case 'array':
      unbounded(def.element, `${path}[]`, out, seen);
      break;
    case 'record':
      unbounded(def.keyType, `${path}{key}`, out, seen);
      unbounded(def.valueType, `${path}{value}`, out, seen);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) unbounded(option, path, out, seen);
      break;
    case 'intersection':
      unbounded(def.left, path, out, seen);
      unbounded(def.right, path, out, seen);
      break;
    case 'pipe':
      // A preprocess or transform is a pipe; the schema that reads the caller's value is `in`, unless `in` is the transform.
      unbounded(def.in._zod.def.type === 'transform' ? def.out : def.in, path, out, seen);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      unbounded(def.innerType, path, out, seen);
      break;
    default:
      // boolean, enum, literal, unknown (checked by the service: start-import's mapping, note values): nothing to bound.
      break;
  }
  return out;
}

const inputSchemas = Object.entries(contracts).filter(([name]) => name.endsWith('InputSchema')) as [string, z.ZodType][];

describe('every input schema of the contracts', () => {
  it('is found (the walk below has something to check)', () => {
    expect(inputSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['createClientInputSchema', 'serviceInputSchema', 'resourceInputSchema', 'bookAppointmentInputSchema']),
    );
  });

  for (const [name, schema] of inputSchemas) {
    it(`${name}: every string has a length limit, every number an int4 bound`, () => {
      expect(unbounded(schema, '', [])).toEqual([]);
    });
  }

  it('the walk itself finds an unbounded string and number, through wrappers', () => {
    const probe = zod.object({
      a: zod.string().optional(),
      b: zod.number().int(),
      c: zod.array(zod.string().max(3)),
      d: zod.preprocess((v) => v, zod.string().nullish()),
    });
    expect(unbounded(probe, '', [])).toEqual([
      'a: string without a maximum length',
      'b: number without a maximum within int4',
      'd: string without a maximum length',
    ]);
  });
});
