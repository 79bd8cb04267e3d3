import { describe, expect, it } from 'vitest';
import { formDefinitionSchema, formInputSchema } from './forms.js';
import { FORM_SUBMISSION_MAX_BYTES, FORM_UPLOAD_MAX_BYTES, SIGNATURE_MAX_BYTES, submissionInputSchema } from './submissions.js';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('form definitions', () => {
  it('accepts every field type with its settings', () => {
    const r = formDefinitionSchema.safeParse({
      sections: [
        {
          title: 'Everything',
          fields: [
            { key: 'a', type: 'text', label: 'A', required: true },
            { key: 'b', type: 'long_text', label: 'B' },
            { key: 'c', type: 'number', label: 'C', min: 0, max: 10 },
            { key: 'd', type: 'date', label: 'D' },
            { key: 'e', type: 'single_choice', label: 'E', options: ['x', 'y'] },
            { key: 'f', type: 'multiple_choice', label: 'F', options: ['x', 'y'] },
            { key: 'g', type: 'checkbox', label: 'G' },
            { key: 'h', type: 'yes_no', label: 'H', followUp: 'Which?' },
            { key: 'i', type: 'file', label: 'I', accept: 'photo', showIf: { field: 'h', equals: 'yes' } },
            { key: 'j', type: 'consent', label: 'J', consentText: 'I agree.' },
            { key: 'k', type: 'signature', label: 'K', required: true },
          ],
        },
      ],
    });
    expect(issues(r)).toEqual([]);
  });

  it('names what is wrong between fields: duplicate keys, empty choices, consent text, conditions, two signatures', () => {
    const r = formDefinitionSchema.safeParse({
      sections: [
        {
          title: 'S',
          fields: [
            { key: 'a', type: 'text', label: 'A', showIf: { field: 'b', equals: true } },
            { key: 'b', type: 'checkbox', label: 'B' },
            { key: 'b', type: 'single_choice', label: 'B again' },
            { key: 'c', type: 'consent', label: 'C' },
            { key: 'd', type: 'text', label: 'D', showIf: { field: 'a', equals: 'yes' } },
            { key: 'e', type: 'signature', label: 'E' },
            { key: 'f', type: 'signature', label: 'F' },
          ],
        },
      ],
    });
    expect(issues(r)).toEqual([
      'sections.0.fields.0.showIf.field: must name a field above this one',
      'sections.0.fields.2.key: is used by another field (b)',
      'sections.0.fields.2.options: a choice needs at least one option',
      'sections.0.fields.3.consentText: a consent needs the text the client accepts',
      'sections.0.fields.4.showIf.field: conditions read a yes/no, a checkbox or a single choice',
      'sections.0.fields.6: a form has at most one signature',
    ]);
  });

  it('takes at most five file fields, so a filled form stays within the submit body limit', () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `f${i}`, type: 'file' as const, label: `File ${i}` }));
    expect(formDefinitionSchema.safeParse({ sections: [{ title: 'S', fields: files(5) }] }).success).toBe(true);
    expect(
      issues(
        formDefinitionSchema.safeParse({
          sections: [
            { title: 'S', fields: files(3) },
            { title: 'T', fields: files(3).map((f) => ({ ...f, key: `g${f.key}` })) },
          ],
        }),
      ),
    ).toEqual(['sections.1.fields.2: a form has at most 5 file fields']);
    // Every file full, base64, with the signature and the text: the documents service's JSON limit.
    expect(FORM_SUBMISSION_MAX_BYTES).toBeGreaterThan((5 * (FORM_UPLOAD_MAX_BYTES * 4)) / 3 + (SIGNATURE_MAX_BYTES * 4) / 3);
  });

  it('bounds keys, labels and sizes', () => {
    expect(issues(formDefinitionSchema.safeParse({ sections: [] }))).toEqual(['sections: needs at least one section']);
    const bad = formDefinitionSchema.safeParse({ sections: [{ title: 'S', fields: [{ key: 'Bad Key', type: 'text', label: '' }] }] });
    expect(issues(bad)).toEqual([
      'sections.0.fields.0.key: must be lower-case letters, digits and underscores, starting with a letter (at most 40)',
      'sections.0.fields.0.label: is required',
    ]);
  });

  it('a form input checks its service ids', () => {
    const r = formInputSchema.safeParse({ name: 'Intake', definition: { sections: [{ title: 'S', fields: [] }] }, serviceIds: ['nope'] });
    expect(issues(r)).toEqual(['serviceIds.0: must be a service id']);
  });
});

describe('submission input', () => {
  it('needs a version and a drawn signature of bounded size', () => {
    const r = submissionInputSchema.safeParse({ answers: {}, signature: { name: 'Ada', imagePng: 'iVBOR' } });
    expect(issues(r)).toEqual([
      'version: Invalid input: expected number, received undefined',
      'signature.imagePng: must be a drawn signature',
    ]);
  });
});
