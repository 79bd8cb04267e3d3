import { describe, expect, it } from 'vitest';
import { appointmentsText, appointmentTimes, moveTarget, ownAppointment, type ClientAppointment } from './appointment-changes.js';

const ZONE = 'America/Chicago';
const HAIRCUT = 'svc-haircut';
const appt = (over: Partial<ClientAppointment> = {}): ClientAppointment => ({
  id: 'a1',
  status: 'booked',
  serviceId: HAIRCUT,
  serviceName: 'Haircut',
  staffId: 'dana',
  staffName: 'Dana Reyes',
  startsAt: '2026-11-25T20:30:00.000Z', // 2:30 PM in Chicago
  locationId: 'loc',
  canChange: true,
  changeBlockedReason: null,
  ...over,
});

describe('ownAppointment: only the client’s own, changeable appointments', () => {
  const list = [appt(), appt({ id: 'a2', startsAt: '2026-11-27T16:00:00.000Z' })];

  it('finds one by its number in the listing or by its id', () => {
    expect(ownAppointment(list, '2')).toEqual({ ok: true, value: list[1] });
    expect(ownAppointment(list, '#1')).toEqual({ ok: true, value: list[0] });
    expect(ownAppointment(list, 'a2')).toEqual({ ok: true, value: list[1] });
  });

  it('takes the only one when none is named, and asks which when there are several', () => {
    expect(ownAppointment([list[0]], '')).toEqual({ ok: true, value: list[0] });
    expect(ownAppointment(list, '')).toEqual({ ok: false, reason: expect.stringContaining('ask which one') });
  });

  it('refuses an id that is not in the client’s list (someone else’s appointment) and a number past the end', () => {
    expect(ownAppointment(list, 'someone-elses-id')).toEqual({
      ok: false,
      reason: "someone-elses-id is not one of the client's appointments.",
      handOver: true,
    });
    expect(ownAppointment(list, '3')).toMatchObject({ ok: false });
    expect(ownAppointment([], '1')).toMatchObject({ ok: false, reason: expect.stringContaining('no upcoming') });
  });

  it('refuses one scheduling says cannot be changed online, with scheduling’s reason', () => {
    const late = appt({ canChange: false, changeBlockedReason: 'Changes within 24 hours of the appointment cannot be made online' });
    expect(ownAppointment([late], '1')).toEqual({
      ok: false,
      reason: 'Changes within 24 hours of the appointment cannot be made online',
      handOver: true,
    });
  });
});

describe('moveTarget: only a time the engine returned for the service, still free', () => {
  const offered = [{ serviceId: HAIRCUT, local: '2026-11-26 14:00' }];
  const at2 = '2026-11-26T20:00:00.000Z';

  it('accepts an offered, still free time and prefers the same person', () => {
    const engine = [
      { startsAt: at2, staffId: 'sam' },
      { startsAt: at2, staffId: 'dana' },
    ];
    expect(moveTarget({ appointment: appt(), offered, engine, zone: ZONE, date: '2026-11-26', time: '14:00' })).toEqual({
      ok: true,
      value: { startsAt: at2, staffId: 'dana' },
    });
  });

  it('refuses a time the engine did not return, or returned for another service', () => {
    const engine = [{ startsAt: '2026-11-26T21:45:00.000Z', staffId: 'dana' }];
    expect(moveTarget({ appointment: appt(), offered, engine, zone: ZONE, date: '2026-11-26', time: '15:45' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('3:45 PM was not offered by the availability engine'),
    });
    expect(
      moveTarget({
        appointment: appt({ serviceId: 'colour' }),
        offered,
        engine: [{ startsAt: at2, staffId: 'dana' }],
        zone: ZONE,
        date: '2026-11-26',
        time: '14:00',
      }),
    ).toMatchObject({ ok: false });
  });

  it('refuses an offered time taken since, and the time the appointment already has', () => {
    expect(moveTarget({ appointment: appt(), offered, engine: [], zone: ZONE, date: '2026-11-26', time: '14:00' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not free any more'),
    });
    expect(
      moveTarget({
        appointment: appt(),
        offered: [{ serviceId: HAIRCUT, local: '2026-11-25 14:30' }],
        engine: [{ startsAt: '2026-11-25T20:30:00.000Z', staffId: 'dana' }],
        zone: ZONE,
        date: '2026-11-25',
        time: '14:30',
      }),
    ).toMatchObject({ ok: false, reason: expect.stringContaining('already at 2:30 PM') });
  });
});

describe('what the model reads', () => {
  it('numbers the appointments in the location’s zone and says which cannot be changed', () => {
    const text = appointmentsText([appt(), appt({ id: 'a2', canChange: false, changeBlockedReason: 'Too late' })], ZONE);
    expect(text).toBe(
      'Upcoming appointments: 1) Haircut on Wednesday 25 November at 2:30 PM with Dana Reyes; 2) Haircut on Wednesday 25 November at 2:30 PM with Dana Reyes (cannot be changed by text: Too late)',
    );
    expect(appointmentsText([], ZONE)).toBe('The client has no upcoming appointments.');
    expect(appointmentTimes([appt()], ZONE)).toEqual(['2026-11-25 14:30']);
  });
});
