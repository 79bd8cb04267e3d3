import { describe, expect, it } from 'vitest';
import { customAutomationInput, EMPTY_CUSTOM_AUTOMATION, isClientTrigger, noShowRateText, preview } from './automation-form';

describe('automation editor preview', () => {
  it('fills the sample client and counts segments of the filled text', () => {
    const p = preview({ smsTemplate: 'Hi {{firstName}}! {{service}} at {{time}}', emailSubject: 'For {{firstName}}', emailTemplate: 'x' });
    expect(p.sms).toBe('Hi Ava! Haircut at 10:00 AM');
    expect(p.segments).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(p.emailSubject).toBe('For Ava');
    expect(p.problems).toEqual([]);
  });

  it('names misspelt variables per field and counts an emoji as UCS-2', () => {
    const p = preview({ smsTemplate: 'Hi {{frstName}} 💇', emailSubject: 'ok', emailTemplate: '{{when}}' });
    expect(p.problems).toEqual([
      { field: 'smsTemplate', names: ['frstName'] },
      { field: 'emailTemplate', names: ['when'] },
    ]);
    expect(p.segments.encoding).toBe('UCS-2');
  });
});

describe('no-show rate text', () => {
  it('reads the share with its counts, or says there was nothing to compare', () => {
    expect(noShowRateText({ appointments: 20, noShows: 2, rate: 0.1 })).toBe('10.0% (2 of 20)');
    expect(noShowRateText({ appointments: 0, noShows: 0, rate: null })).toBe('no finished appointments');
  });
});

describe('owner automation form', () => {
  const ids = { id: null, locationId: 'loc-1', version: 0 };
  it('gives the input the service validates', () => {
    const r = customAutomationInput({ ...EMPTY_CUSTOM_AUTOMATION, name: ' Colour care ', serviceContains: ' colour ' }, ids);
    expect(r.errors).toBeNull();
    expect(r.input).toMatchObject({
      name: 'Colour care',
      delayHours: 24,
      conditions: { serviceContains: 'colour', firstVisitOnly: false },
    });
  });

  it('names each field that is wrong, in words', () => {
    const r = customAutomationInput({ ...EMPTY_CUSTOM_AUTOMATION, name: '', delayHours: '1.5', smsTemplate: 'Hi {{nick}}' }, ids);
    expect(r.input).toBeNull();
    expect(r.errors).toEqual({
      name: 'Give the automation a name',
      delayHours: 'Enter whole hours from 0 to 2160',
      smsTemplate: expect.stringContaining('uses a variable that does not exist'),
    });
    expect(customAutomationInput({ ...EMPTY_CUSTOM_AUTOMATION, name: 'x', delayHours: '99999' }, ids).errors).toEqual({
      delayHours: 'Enter whole hours from 0 to 2160',
    });
  });

  it('sends the days only with "days since the last visit", and no appointment conditions with a client trigger', () => {
    const form = { ...EMPTY_CUSTOM_AUTOMATION, name: 'We miss you', serviceContains: 'colour', firstVisitOnly: true };
    expect(customAutomationInput({ ...form, trigger: 'days-since-last-visit', days: '45' }, ids).input).toMatchObject({
      trigger: 'days-since-last-visit',
      days: 45,
      conditions: { serviceContains: null, firstVisitOnly: false },
    });
    expect(customAutomationInput({ ...form, trigger: 'client-created', days: '45' }, ids).input).toMatchObject({
      trigger: 'client-created',
      days: null,
      conditions: { serviceContains: null, firstVisitOnly: false },
    });
    expect(customAutomationInput({ ...form, trigger: 'appointment-completed', days: '45' }, ids).input).toMatchObject({
      days: null,
      conditions: { serviceContains: 'colour', firstVisitOnly: true },
    });
    expect(customAutomationInput({ ...form, trigger: 'days-since-last-visit', days: '0' }, ids).errors).toEqual({
      days: 'Enter whole days from 1 to 730',
    });
    expect(isClientTrigger('client-created')).toBe(true);
    expect(isClientTrigger('appointment-booked')).toBe(false);
  });
});
