import { describe, expect, it } from 'vitest';
import {
  checkReply,
  clockTimes,
  handoverTrigger,
  moneyAmounts,
  namedTimes,
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

  // 2026-11-24 is a Tuesday. The engine offered Wednesday (tomorrow) 2:00 and 2:30 PM and Friday 10:00 AM.
  const facts = {
    offered: new Set(['2026-11-25 14:00', '2026-11-25 14:30', '2026-11-27 10:00']),
    today: '2026-11-24',
    prices: new Set([5500, 3500]),
  };
  const notReturned = (t: string) => `The reply named ${t}, a time the availability engine did not return`;
  const notThatDay = (t: string, day: string) =>
    `The reply named ${t} on ${day}, a time the availability engine did not return for that day`;

  it.each([
    // [reply, verdict]
    ['I can do 2:00 PM or 2:30 PM tomorrow', { ok: true }],
    ['Tomorrow we have 2:00 PM and 2:30 PM.', { ok: true }],
    ['We can do Haircut on Wednesday 25 November: 2:00 PM, 2:30 PM. Which time suits you?', { ok: true }],
    ['How about Friday at 10:00 AM?', { ok: true }],
    ['On November 27th at 10 am then.', { ok: true }],
    ['2:00 PM works (no day named, offered on some day)', { ok: true }],
    ['How about 4:15 PM?', { ok: false, reason: notReturned('4:15 PM') }],
    // The time was offered, but on another day than the reply ties it to.
    ['How about 2:00 PM today?', { ok: false, reason: notThatDay('2:00 PM', 'Tuesday, November 24') }],
    ['Friday at 2:30 PM is free.', { ok: false, reason: notThatDay('2:30 PM', 'Friday, November 27') }],
    ['Tomorrow at 10:00 AM?', { ok: false, reason: notThatDay('10:00 AM', 'Wednesday, November 25') }],
    ['See you on 2026-11-27 at 14:00', { ok: false, reason: notThatDay('2:00 PM', 'Friday, November 27') }],
    // Each sentence has its own day: Friday's 10 AM is fine, tomorrow's 10 AM is not.
    ['Friday is 10:00 AM. Tomorrow is 10:00 AM too.', { ok: false, reason: notThatDay('10:00 AM', 'Wednesday, November 25') }],
    // Bare hours: "at 2" (2 AM or 2 PM) and "o'clock".
    ['Come in tomorrow at 2.', { ok: true }],
    ['Come in at 2 tomorrow', { ok: true }],
    ["See you at 2 o'clock tomorrow", { ok: true }],
    ['Come in at 3 tomorrow', { ok: false, reason: notReturned('at 3') }],
    ["See you at 4 o'clock", { ok: false, reason: notReturned("4 o'clock") }],
    ['Friday at 2 works', { ok: false, reason: notThatDay('at 2', 'Friday, November 27') }],
    // Not times: an address, a count, minutes, money.
    ['We are at 12 Main St, open until late.', { ok: true }],
    ['We have 3 stylists and 45 minute cuts; a haircut is $55.00.', { ok: true }],
  ] as const)('checks the times of %j', (reply, verdict) => {
    expect(checkReply(reply, facts)).toEqual(verdict);
  });

  it.each([
    ['2:00 PM tomorrow', [{ label: '2:00 PM', times: ['14:00'], date: '2026-11-25' }]],
    ['at 3 on Friday', [{ label: 'at 3', times: ['03:00', '15:00'], date: '2026-11-27' }]],
    ["at 11 o'clock today", [{ label: "11 o'clock", times: ['11:00', '23:00'], date: '2026-11-24' }]],
    ['Monday 30 November at 9:15 am', [{ label: '9:15 AM', times: ['09:15'], date: '2026-11-30' }]],
    ['3 January at 18:00', [{ label: '6:00 PM', times: ['18:00'], date: '2027-01-03' }]],
    ['at 5', [{ label: 'at 5', times: ['05:00', '17:00'], date: null }]],
    ['at 12 Main St', []],
  ] as const)('reads the times and days of %j', (text, expected) => {
    expect(namedTimes(text, '2026-11-24')).toEqual(expected);
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
    // A draft staff edited: the signature kept, moved onto the same line, or removed: one signature at the end.
    for (const edited of [
      'See you then!\n– AI assistant',
      'See you then! – AI assistant',
      'See you then!',
      'See you then!\n– AI assistant\n',
    ]) {
      expect(signed(unsigned(edited, '– AI assistant'), '– AI assistant'), edited).toBe(body);
    }
  });
});
