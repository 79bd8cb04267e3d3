import { describe, expect, it } from 'vitest';
import {
  builderReducer,
  emptyBuilder,
  fieldCount,
  normalizeErrorPath,
  toTemplateInput,
  validateTemplate,
  type BuilderState,
} from './template-builder';

function build(): BuilderState {
  let s = emptyBuilder();
  s = builderReducer(s, { type: 'setName', name: ' Colour ' });
  const sec = s.sections[0].id;
  s = builderReducer(s, { type: 'addField', sectionId: sec, fieldType: 'choice' });
  s = builderReducer(s, { type: 'addField', sectionId: sec });
  return s;
}

describe('builderReducer', () => {
  it('adds, renames, reorders and removes sections', () => {
    let s = emptyBuilder();
    expect(s.dirty).toBe(false);
    s = builderReducer(s, { type: 'addSection', title: 'B' });
    s = builderReducer(s, { type: 'renameSection', sectionId: s.sections[0].id, title: 'A' });
    expect(s.sections.map((x) => x.title)).toEqual(['A', 'B']);
    s = builderReducer(s, { type: 'moveSection', sectionId: s.sections[1].id, by: -1 });
    expect(s.sections.map((x) => x.title)).toEqual(['B', 'A']);
    s = builderReducer(s, { type: 'moveSection', sectionId: s.sections[0].id, by: -1 });
    expect(s.sections.map((x) => x.title)).toEqual(['B', 'A']);
    s = builderReducer(s, { type: 'removeSection', sectionId: s.sections[0].id });
    expect(s.sections.map((x) => x.title)).toEqual(['A']);
    expect(s.dirty).toBe(true);
  });

  it('edits fields and choice options; options go away for other types', () => {
    let s = build();
    const sec = s.sections[0].id;
    const [choice, text] = s.sections[0].fields;
    expect(choice.options).toEqual([]);
    s = builderReducer(s, { type: 'addOption', sectionId: sec, fieldId: choice.id, option: ' Wella ' });
    s = builderReducer(s, { type: 'addOption', sectionId: sec, fieldId: choice.id, option: 'Wella' });
    s = builderReducer(s, { type: 'addOption', sectionId: sec, fieldId: choice.id, option: 'Redken' });
    s = builderReducer(s, { type: 'moveOption', sectionId: sec, fieldId: choice.id, index: 1, by: -1 });
    expect(s.sections[0].fields[0].options).toEqual(['Redken', 'Wella']);
    s = builderReducer(s, { type: 'removeOption', sectionId: sec, fieldId: choice.id, index: 0 });
    expect(s.sections[0].fields[0].options).toEqual(['Wella']);
    s = builderReducer(s, { type: 'updateField', sectionId: sec, fieldId: choice.id, patch: { type: 'text' } });
    expect(s.sections[0].fields[0].options).toBeUndefined();
    s = builderReducer(s, { type: 'moveField', sectionId: sec, fieldId: text.id, by: -1 });
    expect(s.sections[0].fields[0].id).toBe(text.id);
    s = builderReducer(s, { type: 'removeField', sectionId: sec, fieldId: text.id });
    expect(fieldCount(s)).toBe(1);
  });
});

describe('validateTemplate', () => {
  it('names each problem by path', () => {
    const s = build();
    expect(validateTemplate({ ...s, name: '' })).toEqual({
      name: 'Give the template a name',
      'sections.0.fields.0.label': 'Label the field',
      'sections.0.fields.0.options': 'Add at least two options',
      'sections.0.fields.1.label': 'Label the field',
    });
    expect(validateTemplate({ name: 'x', sections: [] })).toEqual({ sections: 'Add at least one section' });
  });
  it('normalises server paths and builds the input', () => {
    expect(normalizeErrorPath('sections[0].fields[1].label')).toBe('sections.0.fields.1.label');
    const s = build();
    const input = toTemplateInput(s);
    expect(input.name).toBe('Colour');
    expect(input.description).toBeNull();
    expect(input.sections[0].fields[0]).toMatchObject({ type: 'choice', options: [] });
    expect('options' in input.sections[0].fields[1]).toBe(false);
  });
});
