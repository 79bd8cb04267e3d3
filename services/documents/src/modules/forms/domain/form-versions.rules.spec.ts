import { formDefinitionSchema } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { answerableVersion, decidePublish, hasDraftChanges } from './form-versions.rules.js';

const definition = formDefinitionSchema.parse({ sections: [{ title: 'A', fields: [{ key: 'q', type: 'text', label: 'Q' }] }] });
const changed = formDefinitionSchema.parse({ sections: [{ title: 'A', fields: [{ key: 'q', type: 'text', label: 'Q?' }] }] });

describe('form versions', () => {
  it('publishes a first draft as version 1 and each change as the next number', () => {
    expect(decidePublish({ name: 'Intake', definition }, null)).toEqual({ publish: true, version: 1 });
    expect(decidePublish({ name: 'Intake', definition: changed }, { version: 3, name: 'Intake', definition })).toEqual({
      publish: true,
      version: 4,
    });
    expect(decidePublish({ name: 'Intake 2', definition }, { version: 1, name: 'Intake', definition })).toEqual({
      publish: true,
      version: 2,
    });
  });

  it('makes no version of a draft equal to the newest one (key order does not count as a change)', () => {
    const reordered = JSON.parse(JSON.stringify(definition, ['sections', 'fields', 'type', 'title', 'key', 'label', 'required']));
    expect(hasDraftChanges({ name: 'Intake', definition: reordered }, { version: 1, name: 'Intake', definition })).toBe(false);
    expect(decidePublish({ name: 'Intake', definition }, { version: 1, name: 'Intake', definition })).toMatchObject({ publish: false });
  });

  it('accepts answers only to a published version', () => {
    expect(answerableVersion(1, [1, 2])).toBe(true);
    expect(answerableVersion(3, [1, 2])).toBe(false);
  });
});
