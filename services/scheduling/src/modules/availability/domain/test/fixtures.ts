// Shared builders for the availability specs: a Chicago salon with readable local times.
import { DateTime } from 'luxon';
import type { LocationPolicy, ResourceCalendar, ServiceDef, Slot, SlotRequest, StaffCalendar, WeeklyHours } from '../availability-types.js';

export const ZONE = 'America/Chicago';

/** '2026-03-10 09:00' Chicago wall time → Date. */
export const at = (local: string): Date => {
  const dt = DateTime.fromFormat(local, 'yyyy-MM-dd HH:mm', { zone: ZONE });
  if (!dt.isValid) throw new Error(`bad fixture time ${local}`);
  return dt.toJSDate();
};

/** Date → 'HH:mm' Chicago wall time. */
export const hm = (d: Date): string => DateTime.fromJSDate(d, { zone: ZONE }).toFormat('HH:mm');
export const starts = (slots: Slot[]): string[] => slots.map((s) => hm(s.start));

export const allWeek = (start: string, end: string, days: number[] = [1, 2, 3, 4, 5, 6]): WeeklyHours =>
  days.map((weekday) => ({ weekday: weekday as 1, start, end }));

export const staff = (id: string, name: string, over: Partial<StaffCalendar> = {}): StaffCalendar => ({
  staffId: id,
  name,
  weeklyHours: allWeek('09:00', '17:00'),
  weeklyBreaks: [],
  exceptions: [],
  timeOff: [],
  busy: [],
  ...over,
});

export const service = (over: Partial<ServiceDef> = {}): ServiceDef => ({
  id: 'cut',
  name: 'Haircut',
  durationMin: 60,
  bufferBeforeMin: 0,
  bufferAfterMin: 0,
  deviceTypes: [],
  staffIds: ['dana', 'eli', 'fay'],
  ...over,
});

export const room = (id: string, name: string, type: string, over: Partial<ResourceCalendar> = {}): ResourceCalendar => ({
  resourceId: id,
  kind: 'room',
  type,
  name,
  capacity: 1,
  busy: [],
  ...over,
});

export const device = (id: string, name: string, type: string, over: Partial<ResourceCalendar> = {}): ResourceCalendar => ({
  resourceId: id,
  kind: 'device',
  type,
  name,
  capacity: 1,
  busy: [],
  ...over,
});

export const policy = (over: Partial<LocationPolicy> = {}): LocationPolicy => ({
  timeZone: ZONE,
  slotIntervalMin: 15,
  minNoticeMin: 0,
  maxAdvanceDays: 90,
  ...over,
});

export const appt = (from: string, to: string, label = 'Appointment') => ({
  start: at(from),
  end: at(to),
  label,
  kind: 'appointment' as const,
});

/** Tuesday 2026-03-10 (after spring-forward), everything free, now = the day before. */
export const request = (over: Partial<SlotRequest> = {}): SlotRequest => ({
  from: at('2026-03-10 00:00'),
  to: at('2026-03-11 00:00'),
  now: at('2026-03-09 08:00'),
  services: [service()],
  staffChoice: ['dana'],
  staff: [staff('dana', 'Dana'), staff('eli', 'Eli'), staff('fay', 'Fay')],
  resources: [],
  policy: policy(),
  ...over,
});
