import { describe, expect, it } from 'vitest';
import { templateInputSchema } from '@salon/contracts';
import { normaliseSections, validateNoteValues } from './template-rules.js';

const colour = normaliseSections(
  templateInputSchema.parse({
    name: 'Colour formula',
    sections: [
      {
        id: 'formula',
        title: 'Formula',
        fields: [
          { id: 'brand', label: 'Brand', type: 'choice', required: true, options: ['Wella', 'Redken'] },
          { id: 'formula', label: 'Formula', type: 'text', required: true },
          { id: 'minutes', label: 'Processing minutes', type: 'number', required: false },
          { id: 'patch', label: 'Patch test done', type: 'checkbox', required: false },
          { id: 'on', label: 'Date', type: 'date', required: false },
        ],
      },
      { id: 'result', title: 'Result', fields: [{ id: 'result', label: 'Result', type: 'longText', required: false }] },
    ],
  }).sections,
);

describe('template input', () => {
  it('refuses repeated field ids and choices without options', () => {
    const r = templateInputSchema.safeParse({
      name: 'Bad',
      sections: [
        {
          id: 's',
          title: 'S',
          fields: [
            { id: 'a', label: 'A', type: 'text' },
            { id: 'a', label: 'B', type: 'choice', required: true },
          ],
        },
      ],
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['sections.0.fields.1.id', 'sections.0.fields.1.options']);
  });

  it('refuses unknown field types and empty templates', () => {
    expect(
      templateInputSchema.safeParse({ name: 'X', sections: [{ id: 's', title: 'S', fields: [{ id: 'a', label: 'A', type: 'photo' }] }] })
        .success,
    ).toBe(false);
    expect(templateInputSchema.safeParse({ name: 'X', sections: [] }).success).toBe(false);
  });
});

describe('note values against the template', () => {
  it('accepts good values and coerces numbers', () => {
    expect(validateNoteValues(colour, { brand: 'Wella', formula: '7/1 + 20 vol', minutes: '35', patch: true, on: '2025-05-01' })).toEqual({
      values: { brand: 'Wella', formula: '7/1 + 20 vol', minutes: 35, patch: true, on: '2025-05-01' },
      problems: [],
    });
  });

  it('names every problem', () => {
    const r = validateNoteValues(colour, { brand: 'Loreal', minutes: 'long', on: '2025-13-01', extra: 1 });
    expect(r.problems).toEqual([
      { field: 'values.extra', message: 'is not a field of the template' },
      { field: 'values.brand', message: 'must be one of Wella, Redken' },
      { field: 'values.formula', message: 'is required' },
      { field: 'values.minutes', message: 'must be a number' },
      { field: 'values.on', message: 'is not a real date' },
    ]);
  });

  it('holds text and dates to the platform rules: no control characters, a date between 1900 and 2200', () => {
    const r = validateNoteValues(colour, { brand: 'Wella', formula: '7/1\u0000', on: '9999-12-31' });
    expect(r.problems).toEqual([
      { field: 'values.formula', message: 'must not contain control characters' },
      { field: 'values.on', message: 'must be on or before 2200-12-31' },
    ]);
    expect(validateNoteValues(colour, { brand: 'Wella', formula: 'x', on: 'soon' }).problems).toEqual([
      { field: 'values.on', message: 'must be a date like 2026-04-21' },
    ]);
  });
});
