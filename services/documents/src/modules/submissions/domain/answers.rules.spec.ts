import { formDefinitionSchema, type FormDefinition } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { answerText, checkAnswers } from './answers.rules.js';

const definition: FormDefinition = formDefinitionSchema.parse({
  sections: [
    {
      title: 'Health',
      fields: [
        { key: 'name', type: 'text', label: 'Name', required: true },
        { key: 'born', type: 'date', label: 'Date of birth' },
        { key: 'pregnant', type: 'yes_no', label: 'Pregnant?', required: true, followUp: 'How many weeks?' },
        { key: 'weeks_note', type: 'long_text', label: 'Anything else?', required: true, showIf: { field: 'pregnant', equals: 'yes' } },
        { key: 'pressure', type: 'single_choice', label: 'Pressure', options: ['Light', 'Medium', 'Firm'] },
        { key: 'areas', type: 'multiple_choice', label: 'Areas', options: ['Back', 'Neck', 'Feet'] },
        { key: 'newsletter', type: 'checkbox', label: 'Newsletter' },
        { key: 'photo', type: 'file', label: 'Photo', accept: 'photo' },
        { key: 'age', type: 'number', label: 'Age', min: 16, max: 120 },
        { key: 'waiver', type: 'consent', label: 'Waiver', consentText: 'I release the salon…' },
        { key: 'sign', type: 'signature', label: 'Signature', required: true },
      ],
    },
  ],
});

const valid = { name: ' Ada ', pregnant: { answer: 'no' }, waiver: true };

describe('checkAnswers', () => {
  it('accepts a complete answer set, trimming text and dropping a follow-up the answer did not ask for', () => {
    const r = checkAnswers(definition, { ...valid, pregnant: { answer: 'no', followUp: 'ignored' } }, true);
    expect(r.problems).toEqual([]);
    expect(r.answers).toEqual({ name: 'Ada', pregnant: { answer: 'no' }, waiver: true });
  });

  it('requires shown required fields, the consent and the signature', () => {
    const r = checkAnswers(definition, {}, false);
    expect(r.problems).toEqual([
      { field: 'answers.name', message: 'is required' },
      { field: 'answers.pregnant', message: 'is required' },
      { field: 'answers.waiver', message: 'must be accepted' },
      { field: 'signature', message: 'is required: sign in the box' },
    ]);
  });

  it('shows a field when its condition holds, and drops it (not required, not kept) when it does not', () => {
    const yes = checkAnswers(definition, { ...valid, pregnant: { answer: 'yes', followUp: '12' } }, true);
    expect(yes.problems).toEqual([{ field: 'answers.weeks_note', message: 'is required' }]);
    const no = checkAnswers(definition, { ...valid, weeks_note: 'hidden text' }, true);
    expect(no.problems).toEqual([]);
    expect(no.answers).not.toHaveProperty('weeks_note');
  });

  it('asks for the follow-up of a required yes', () => {
    const r = checkAnswers(definition, { ...valid, pregnant: { answer: 'yes' }, weeks_note: 'x' }, true);
    expect(r.problems).toEqual([{ field: 'answers.pregnant.followUp', message: 'is required when the answer is yes' }]);
  });

  it('checks each type: dates, choices, numbers within bounds, booleans, unknown keys', () => {
    const r = checkAnswers(
      definition,
      { ...valid, born: '2026-02-30', pressure: 'Hard', areas: ['Back', 'Back'], newsletter: 'yes', age: 12, extra: 1 },
      true,
    );
    expect(r.problems).toEqual([
      { field: 'answers.extra', message: 'is not a field of this form' },
      { field: 'answers.born', message: 'must be a date like 2026-04-21' },
      { field: 'answers.pressure', message: 'must be one of the options' },
      { field: 'answers.areas', message: 'must not repeat an option' },
      { field: 'answers.newsletter', message: 'must be ticked or not' },
      { field: 'answers.age', message: 'must be at least 16' },
    ]);
  });

  it('hands file answers over for storage instead of keeping their bytes', () => {
    const file = { fileName: 'me.png', contentType: 'image/png', data: 'iVBORw0KGgo=' };
    const r = checkAnswers(definition, { ...valid, photo: file }, true);
    expect(r.files).toEqual({ photo: file });
    expect(r.answers).not.toHaveProperty('photo');
  });

  it('refuses a signature sent as an answer', () => {
    expect(checkAnswers(definition, { ...valid, sign: 'Ada' }, true).problems).toEqual([
      { field: 'answers.sign', message: 'is given as the signature, not as an answer' },
    ]);
  });
});

describe('answerText', () => {
  const field = (key: string) => definition.sections[0]!.fields.find((f) => f.key === key)!;
  it('writes answers as people read them', () => {
    expect(answerText(field('pregnant'), { answer: 'yes', followUp: '12 weeks' })).toBe('Yes — 12 weeks');
    expect(answerText(field('waiver'), true)).toBe('Accepted');
    expect(answerText(field('areas'), ['Back', 'Neck'])).toBe('Back, Neck');
    expect(answerText(field('name'), undefined)).toBe('—');
  });
});
