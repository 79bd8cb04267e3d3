import { describe, expect, it } from 'vitest';
import {
  checkReply,
  clockTimes,
  handoverTrigger,
  moneyAmounts,
  parseClockTime,
  partOfDay,
  plainToolText,
  resolveDay,
  signed,
  unsigned,
  withinHours,
} from './guards.js';

describe('AI guards', () => {
  it('hands over when the client asks for a person', () => {
    for (const t of [
      'Can I talk to a real person?',
      'I want to speak to the manager',
      'HUMAN please',
      'just call me',
      'are you a human?',
    ]) {
      expect(handoverTrigger(t), t).toBe('asked-for-person');
    }
  });

  it('hands over on a complaint', () => {
    for (const t of ['I want to make a complaint', 'My colour was awful', 'I am not happy with my cut', 'Can I get a refund?']) {
      expect(handoverTrigger(t), t).toBe('complaint');
    }
  });

  it('leaves ordinary questions to the assistant', () => {
    for (const t of ['can I get a haircut tomorrow afternoon?', 'How much is a manicure?', '2:30 PM', 'where are you?']) {
      expect(handoverTrigger(t), t).toBeNull();
    }
  });

  it('reads clock times in the ways people write them, and not bare numbers', () => {
    expect(clockTimes('2:00 PM, 2:30pm or 3 p.m. or 14:45')).toEqual(['14:00', '14:30', '15:00', '14:45']);
    expect(parseClockTime('12 am')).toBe('00:00');
    expect(parseClockTime('12:15 PM works')).toBe('12:15');
    expect(clockTimes('We have 3 stylists and 45 minute cuts')).toEqual([]);
    expect(clockTimes('only $5.00, or £12.50, or 3.5 hours')).toEqual([]);
    expect(parseClockTime('I am free')).toBeNull();
  });

  it('reads amounts of money in minor units', () => {
    expect(moneyAmounts('A haircut is $55.00, colour $120 and balayage 220 dollars; tip $5.5')).toEqual([5500, 12000, 22000, 550]);
    expect(moneyAmounts('$1,250.00')).toEqual([125000]);
    expect(moneyAmounts('45 minutes')).toEqual([]);
  });

  const facts = { offeredTimes: new Set(['14:00', '14:30']), prices: new Set([5500, 3500]) };

  it('refuses a reply naming a time the availability engine did not return', () => {
    expect(checkReply('I can do 2:00 PM or 2:30 PM tomorrow', facts)).toEqual({ ok: true });
    const verdict = checkReply('How about 4:15 PM?', facts);
    expect(verdict).toEqual({ ok: false, reason: 'The reply named 4:15 PM, a time the availability engine did not return' });
  });

  it('refuses a reply quoting a price the catalogue does not hold', () => {
    expect(checkReply('A haircut is $55.00 and a blow-dry $35', facts)).toEqual({ ok: true });
    expect(checkReply('A haircut is only $5 today!', facts)).toEqual({
      ok: false,
      reason: 'The reply quoted $5.00, a price the catalogue does not hold',
    });
  });

  it('treats an empty answer as unsure', () => {
    expect(checkReply('  ', facts).ok).toBe(false);
  });

  it('resolves the day a client means from the location date', () => {
    // 2026-11-24 is a Tuesday.
    expect(resolveDay('today', '2026-11-24')).toBe('2026-11-24');
    expect(resolveDay('tomorrow', '2026-11-24')).toBe('2026-11-25');
    expect(resolveDay('Friday', '2026-11-24')).toBe('2026-11-27');
    expect(resolveDay('tuesday', '2026-11-24')).toBe('2026-11-24');
    expect(resolveDay('monday', '2026-11-24')).toBe('2026-11-30');
    expect(resolveDay('tomorrow', '2026-12-31')).toBe('2027-01-01');
    expect(resolveDay('2027-02-03', '2026-11-24')).toBe('2027-02-03');
    expect(resolveDay('someday', '2026-11-24')).toBeNull();
  });

  it('knows the auto hours, across midnight too', () => {
    expect(withinHours('09:00', '09:00', '18:00')).toBe(true);
    expect(withinHours('18:00', '09:00', '18:00')).toBe(false);
    expect(withinHours('23:00', '22:00', '06:00')).toBe(true);
    expect(withinHours('12:00', '22:00', '06:00')).toBe(false);
    expect(partOfDay('afternoon')).toEqual({ from: '12:00', to: '17:00' });
  });

  it('keeps tool results on one quotable line, and signs replies', () => {
    expect(plainToolText('Say "hi"\nthen \\ go')).toBe("Say 'hi' · then ' go");
    const body = signed('See you then!', '– AI assistant');
    expect(body).toBe('See you then!\n– AI assistant');
    expect(unsigned(body, '– AI assistant')).toBe('See you then!');
  });
});
