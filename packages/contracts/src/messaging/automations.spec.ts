import { describe, expect, it } from 'vitest';
import {
  AUTOMATION_DEFAULTS,
  AUTOMATION_KINDS,
  renderTemplate,
  smsSegments,
  unknownTemplateVariables,
  updateAutomationInputSchema,
} from './automations.js';
import { reminderReplyAction } from './inbox.js';

describe('templates', () => {
  it('fills known variables, leaves missing values empty and tidies the spaces they leave', () => {
    expect(renderTemplate('Hi {{firstName}}, {{service}} at {{ time }}.', { firstName: 'Ava', service: 'Cut', time: '10:00 AM' })).toBe(
      'Hi Ava, Cut at 10:00 AM.',
    );
    expect(renderTemplate('With {{staff}} today', { staff: null })).toBe('With today');
  });

  it('names variables that do not exist, once each', () => {
    expect(unknownTemplateVariables('{{firstName}} {{frstName}} {{frstName}} {{when}}')).toEqual(['frstName', 'when']);
    for (const kind of AUTOMATION_KINDS) {
      const d = AUTOMATION_DEFAULTS[kind];
      expect(unknownTemplateVariables(d.smsTemplate + d.emailSubject + d.emailTemplate), kind).toEqual([]);
    }
  });

  it('refuses a saved template with an unknown variable, naming the field', () => {
    const r = updateAutomationInputSchema.safeParse({ locationId: 'l1', kind: 'reminder', smsTemplate: 'Hi {{nme}}', version: 0 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['smsTemplate']);
  });
});

describe('SMS segments', () => {
  it('counts GSM-7 at 160 a segment, then 153 per part', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ encoding: 'GSM-7', segments: 2 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('switches to UCS-2 (70, then 67 per part) for one emoji or curly quote, and says which character', () => {
    expect(smsSegments('a'.repeat(69) + '😀')).toMatchObject({ encoding: 'UCS-2', segments: 2, nonGsmCharacters: ['😀'] });
    expect(smsSegments('It’s ' + 'a'.repeat(60))).toMatchObject({ encoding: 'UCS-2', segments: 1, nonGsmCharacters: ['’'] });
  });

  it('counts GSM-7 extension characters (€, [) as two', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ encoding: 'GSM-7', segments: 2 });
  });
});

describe('reminder replies', () => {
  it('reads C/confirm and cancel, whatever the case and trailing dots; anything else is a conversation', () => {
    expect(reminderReplyAction(' c ')).toBe('confirm');
    expect(reminderReplyAction('Confirm!')).toBe('confirm');
    expect(reminderReplyAction('CANCEL')).toBe('cancel');
    expect(reminderReplyAction('yes')).toBeNull();
    expect(reminderReplyAction('can I come at 3?')).toBeNull();
  });
});
