import type { FormDefinition } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { answersToSend, base64Of, missingRequired, shownFields } from './form-fill';

const definition = {
  sections: [
    {
      title: 'S',
      fields: [
        { key: 'name', type: 'text', label: 'Name', required: true },
        { key: 'allergy', type: 'yes_no', label: 'Allergies?', required: true, followUp: 'Which?' },
        { key: 'details', type: 'long_text', label: 'Details', required: true, showIf: { field: 'allergy', equals: 'yes' } },
        { key: 'age', type: 'number', label: 'Age', required: false },
        { key: 'ok', type: 'consent', label: 'Consent', required: false, consentText: 'I agree' },
        { key: 'sig', type: 'signature', label: 'Sign', required: true },
      ],
    },
  ],
} as unknown as FormDefinition;

describe('filling a form', () => {
  it('shows a conditional field only when its condition holds', () => {
    expect(shownFields(definition, {}).map((f) => f.key)).toEqual(['name', 'allergy', 'age', 'ok', 'sig']);
    expect(shownFields(definition, { allergy: { answer: 'yes' } }).map((f) => f.key)).toContain('details');
  });

  it('sends shown, non-blank answers, numbers as numbers, never the signature field or hidden ones', () => {
    expect(answersToSend(definition, { name: 'Ada', details: 'hidden', age: '42', ok: true, sig: 'x' })).toEqual({
      name: 'Ada',
      age: 42,
      ok: true,
    });
  });

  it('lists what is still required, the consent and the signature included', () => {
    expect(missingRequired(definition, { allergy: { answer: 'yes' } }, false)).toEqual(['Name', 'Details', 'Consent', 'Sign']);
    expect(missingRequired(definition, { name: 'Ada', allergy: { answer: 'no' }, ok: true }, true)).toEqual([]);
  });

  it('strips the data: prefix', () => {
    expect(base64Of('data:image/png;base64,iVBOR')).toBe('iVBOR');
  });
});
