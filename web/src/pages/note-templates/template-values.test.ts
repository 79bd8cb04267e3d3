import { describe, expect, it } from 'vitest';
import type { TemplateSection } from '@salon/contracts';
import { displayFieldValue, emptyValues, fieldIdOfError, formValuesFrom, validateValues, valuesToSend } from './template-values';

const t = {
  sections: [
    {
      id: 's1',
      title: 'Formula',
      fields: [
        { id: 'brand', label: 'Brand', type: 'choice', required: true, options: ['Wella', 'Redken'] },
        { id: 'vol', label: 'Developer', type: 'number', required: false },
        { id: 'patch', label: 'Patch test done', type: 'checkbox', required: true },
        { id: 'on', label: 'Date', type: 'date', required: false },
      ],
    },
  ] as TemplateSection[],
};

describe('template values', () => {
  it('starts empty and validates', () => {
    const v = emptyValues(t);
    expect(v).toEqual({ brand: '', vol: '', patch: false, on: '' });
    expect(validateValues(t, v)).toEqual({ brand: 'Required', patch: 'Must be checked' });
    expect(validateValues(t, { ...v, brand: 'Other', vol: 'x', patch: true })).toEqual({
      brand: 'Pick one of the options',
      vol: 'Enter a number',
    });
  });
  it('sends typed values and reads them back', () => {
    const sent = valuesToSend(t, { brand: 'Wella', vol: '20', patch: true, on: '' });
    expect(sent).toEqual({ brand: 'Wella', vol: 20, patch: true, on: null });
    expect(formValuesFrom(t, sent)).toEqual({ brand: 'Wella', vol: '20', patch: true, on: '' });
  });
  it('displays values', () => {
    expect(displayFieldValue({ type: 'checkbox' }, true)).toBe('Yes');
    expect(displayFieldValue({ type: 'date' }, '2026-11-21')).toBe('Nov 21, 2026');
    expect(displayFieldValue({ type: 'number' }, 20)).toBe('20');
    expect(displayFieldValue({ type: 'text' }, null)).toBe('');
  });
  it('finds the field of a server error', () => {
    expect(fieldIdOfError('values.brand')).toBe('brand');
    expect(fieldIdOfError('values[brand]')).toBe('brand');
    expect(fieldIdOfError('brand')).toBe('brand');
  });
});
