import { describe, expect, it } from 'vitest';
import { noShowRateText, preview } from './automation-form';

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
