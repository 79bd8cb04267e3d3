import { describe, expect, it } from 'vitest';
import { conditionSources, emptyDraft, fieldKey, newField, toDefinition } from './form-builder';

describe('the form builder', () => {
  it('makes unique keys from labels', () => {
    expect(fieldKey('Any allergies?', new Set())).toBe('any_allergies');
    expect(fieldKey('Any allergies?', new Set(['any_allergies']))).toBe('any_allergies_2');
    expect(fieldKey('2nd visit', new Set())).toBe('f_2nd_visit');
    expect(fieldKey('!!!', new Set())).toBe('field');
  });

  it('gives new fields what their type needs', () => {
    const d = emptyDraft();
    expect(newField('single_choice', d).options).toHaveLength(2);
    expect(newField('consent', d)).toMatchObject({ required: true, consentText: expect.any(String) });
    expect(newField('signature', d)).toMatchObject({ key: 'signature', required: true });
  });

  it('offers only earlier yes/no, checkbox and choice fields as conditions, and leaves blank settings out', () => {
    const d = emptyDraft();
    d.sections[0]!.fields.push(
      { key: 'allergy', type: 'yes_no', label: 'Allergy?', required: false },
      { key: 'which', type: 'text', label: 'Which', required: false, help: '' },
    );
    expect(conditionSources(d, 'which').map((f) => f.key)).toEqual(['allergy']);
    expect(conditionSources(d, 'allergy')).toEqual([]);
    expect(toDefinition(d).sections[0]!.fields[2]).toEqual({ key: 'which', type: 'text', label: 'Which', required: false });
  });
});
