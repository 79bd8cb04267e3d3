import { describe, expect, it } from 'vitest';
import { contextOf, InvalidEventError, parseEvent } from './events.js';

const valid = {
  id: '0190a0a0-0000-7000-8000-000000000001',
  type: 'identity.user.created.v1',
  occurredAt: '2025-01-02T03:04:05.000Z',
  aggregateType: 'user',
  aggregateId: 'u1',
  locationId: null,
  actor: { type: 'system', id: null },
  traceparent: null,
  payload: { userId: 'u1', role: 'staff', email: 'a@b.c' },
};

describe('parseEvent', () => {
  it('accepts a valid envelope and payload', () => {
    expect(parseEvent(valid).payload).toEqual(valid.payload);
  });
  it('names a wrong envelope field', () => {
    expect(() => parseEvent({ ...valid, id: 'nope' })).toThrow(/id:/);
  });
  it('names a wrong payload field', () => {
    expect(() => parseEvent({ ...valid, payload: { userId: 'u1', role: 'boss', email: 'x' } })).toThrow(/payload\.role/);
  });
  it('rejects unknown types', () => {
    expect(() => parseEvent({ ...valid, type: 'identity.user.vanished.v1' })).toThrow(InvalidEventError);
    expect(() => parseEvent({ ...valid, type: 'identity.user.vanished.v1' })).toThrow(/unknown event type/);
  });
  it('rejects non-objects', () => {
    expect(() => parseEvent('x')).toThrow(InvalidEventError);
  });
  it('validates the password reset payloads', () => {
    const payload = {
      requestId: 'r1',
      userId: 'u1',
      channel: 'sms',
      to: '+15555550100',
      firstName: null,
      businessName: 'Demo',
      secret: { v: 1, iv: 'a', data: 'b', tag: 'c' },
      expiresAt: '2025-01-02T03:19:05.000Z',
    };
    expect(parseEvent({ ...valid, type: 'identity.password-reset.requested.v1', payload }).type).toBe(
      'identity.password-reset.requested.v1',
    );
    expect(() => parseEvent({ ...valid, type: 'identity.password-reset.requested.v1', payload: { ...payload, secret: { v: 2 } } })).toThrow(
      /payload\.secret/,
    );
  });
});

describe('scheduling payloads', () => {
  const booked = {
    appointmentId: 'a1',
    clientId: 'c1',
    serviceId: 's1',
    serviceName: 'Haircut',
    staffId: 'u1',
    startsAt: '2026-11-03T16:00:00.000Z',
    endsAt: '2026-11-03T16:45:00.000Z',
    priceMinor: 5500,
    currency: 'USD',
    source: 'staff',
  };
  const envelope = (type: string, payload: object) => ({ ...valid, type, aggregateType: 'appointment', aggregateId: 'a1', payload });

  it('booked.v1 without the additive fields (old producers) and with seriesId and segments', () => {
    expect(parseEvent(envelope('scheduling.appointment.booked.v1', booked)).payload).toEqual(booked);
    const segments = [{ serviceId: 's1', staffId: 'u1', startsAt: booked.startsAt, endsAt: booked.endsAt }];
    expect(parseEvent(envelope('scheduling.appointment.booked.v1', { ...booked, seriesId: 'r1', segments })).payload).toMatchObject({
      seriesId: 'r1',
      segments,
    });
    expect(() => parseEvent(envelope('scheduling.appointment.booked.v1', { ...booked, segments: [{ serviceId: 's1' }] }))).toThrow(
      /payload\.segments/,
    );
  });

  it('waitlist.offered.v1 carries the accept token sealed, never in clear', () => {
    const offered = {
      offerId: 'o1',
      entryId: 'e1',
      clientId: 'c1',
      serviceId: 's1',
      serviceName: 'Haircut',
      staffId: 'u1',
      startsAt: booked.startsAt,
      endsAt: booked.endsAt,
      expiresAt: '2026-11-02T18:00:00.000Z',
      token: { v: 1, iv: 'a', data: 'b', tag: 'c' },
    };
    expect(parseEvent(envelope('scheduling.waitlist.offered.v1', offered)).type).toBe('scheduling.waitlist.offered.v1');
    expect(() => parseEvent(envelope('scheduling.waitlist.offered.v1', { ...offered, token: 'plain' }))).toThrow(/payload\.token/);
  });
});

describe('class events', () => {
  const base = { ...valid, aggregateType: 'class-session', aggregateId: 's1', locationId: 'l1' };
  it('carries whether an enrolment was waitlisted, with its position', () => {
    const payload = {
      classSessionId: 's1',
      enrolmentId: 'e1',
      clientId: 'c1',
      startsAt: '2025-01-02T15:00:00.000Z',
      waitlisted: true,
      waitlistPosition: 3,
    };
    expect(parseEvent({ ...base, type: 'scheduling.class.enrolled.v1', payload }).payload).toEqual(payload);
    expect(() => parseEvent({ ...base, type: 'scheduling.class.enrolled.v1', payload: { ...payload, waitlistPosition: 0 } })).toThrow(
      /payload\.waitlistPosition/,
    );
    expect(() => parseEvent({ ...base, type: 'scheduling.class.enrolled.v1', payload: { ...payload, waitlisted: undefined } })).toThrow(
      /payload\.waitlisted/,
    );
  });
  it('names the promoted client and the cancelled class roster', () => {
    const promoted = { classSessionId: 's1', enrolmentId: 'e2', clientId: 'c2', startsAt: '2025-01-02T15:00:00.000Z' };
    expect(parseEvent({ ...base, type: 'scheduling.class.waitlist-promoted.v1', payload: promoted }).type).toBe(
      'scheduling.class.waitlist-promoted.v1',
    );
    expect(() =>
      parseEvent({ ...base, type: 'scheduling.class.waitlist-promoted.v1', payload: { ...promoted, clientId: undefined } }),
    ).toThrow(/payload\.clientId/);
    const cancelled = { classSessionId: 's1', name: 'Yoga', startsAt: '2025-01-02T15:00:00.000Z', reason: null, clientIds: ['c1', 'c2'] };
    expect(parseEvent({ ...base, type: 'scheduling.class.cancelled.v1', payload: cancelled }).payload).toEqual(cancelled);
    expect(() => parseEvent({ ...base, type: 'scheduling.class.cancelled.v1', payload: { ...cancelled, clientIds: 'c1' } })).toThrow(
      /payload\.clientIds/,
    );
  });
});

describe('SMS opt-out and opt-in (messaging)', () => {
  const base = { ...valid, aggregateType: 'phone', aggregateId: '+13125550142', actor: { type: 'system', id: null } };
  it('carries the E.164 phone, when, and the keyword (null when Twilio reported the opt-out)', () => {
    const payload = { phone: '+13125550142', at: '2026-03-01T15:00:00.000Z', keyword: 'STOP' };
    expect(parseEvent({ ...base, type: 'messaging.sms.opted-out.v1', payload }).payload).toEqual(payload);
    expect(parseEvent({ ...base, type: 'messaging.sms.opted-in.v1', payload: { ...payload, keyword: null } }).payload).toEqual({
      ...payload,
      keyword: null,
    });
    expect(contextOf('messaging.sms.opted-out.v1')).toBe('messaging');
  });
  it('names a phone that is not E.164 and a missing time', () => {
    expect(() =>
      parseEvent({
        ...base,
        type: 'messaging.sms.opted-out.v1',
        payload: { phone: '(312) 555-0142', at: '2026-03-01T15:00:00.000Z', keyword: 'STOP' },
      }),
    ).toThrow(/payload\.phone: must be an E\.164/);
    expect(() => parseEvent({ ...base, type: 'messaging.sms.opted-in.v1', payload: { phone: '+13125550142', keyword: 'START' } })).toThrow(
      /payload\.at/,
    );
  });
});

describe('contextOf', () => {
  it('is the first segment', () => {
    expect(contextOf('identity.user.created.v1')).toBe('identity');
    expect(() => contextOf('nocontext')).toThrow();
  });
});
