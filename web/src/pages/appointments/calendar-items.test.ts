import { describe, expect, it } from 'vitest';
import type { ClassSession } from '../classes/classes-api';
import type { Appointment } from './appointments-api';
import { appointmentParts, classFill, classHref, classItems, columnBlocks, isMultiService, partLabel, partsOf } from './calendar-items';
import { PX_PER_MIN } from './layout';

const at = (h: number, m = 0) => new Date(Date.UTC(2026, 10, 21, h + 6, m)).toISOString(); // Chicago CST, 2026-11-21

const single: Appointment = {
  id: 'a1',
  locationId: 'l',
  clientId: 'c1',
  status: 'booked',
  startsAt: at(9),
  endsAt: at(10),
  serviceId: 's-cut',
  serviceName: 'Cut',
  staffId: 'ana',
  version: 1,
  segments: [{ position: 1, serviceId: 's-cut', staffId: 'ana', startsAt: at(9), endsAt: at(10) }],
};

/** Colour with Dana 10:00–11:30, then Cut with Ana 11:30–12:15. */
const visit: Appointment = {
  id: 'v1',
  locationId: 'l',
  clientId: 'c2',
  status: 'confirmed',
  startsAt: at(10),
  endsAt: at(12, 15),
  serviceId: 's-colour',
  serviceName: 'Colour + Cut',
  staffId: 'dana',
  version: 3,
  service: {
    name: 'Colour + Cut',
    segments: [
      { id: 's-colour', name: 'Colour', processing: { startAfterMin: 30, durationMin: 30 } },
      { id: 's-cut', name: 'Cut' },
    ],
  },
  // Out of order on purpose: parts follow `position`.
  segments: [
    { position: 2, serviceId: 's-cut', staffId: 'ana', startsAt: at(11, 30), endsAt: at(12, 15) },
    { position: 1, serviceId: 's-colour', staffId: 'dana', startsAt: at(10), endsAt: at(11, 30) },
  ],
};

const yoga = (over: Partial<ClassSession> = {}): ClassSession => ({
  id: 'k1',
  locationId: 'l',
  seriesId: null,
  name: 'Yoga Flow',
  description: null,
  category: null,
  instructorId: 'ana',
  roomId: null,
  startsAt: at(13),
  endsAt: at(14),
  durationMin: 60,
  capacity: 10,
  priceMinor: 1500,
  currency: 'USD',
  status: 'scheduled',
  cancelReason: null,
  createdBy: null,
  version: 1,
  enrolledCount: 8,
  waitlistedCount: 2,
  createdAt: at(0),
  updatedAt: at(0),
  ...over,
});

describe('appointment parts', () => {
  it('a single-service appointment is one block under its own id', () => {
    const [p, ...rest] = appointmentParts(single);
    expect(rest).toHaveLength(0);
    expect(p).toMatchObject({ id: 'a1', staffId: 'ana', startsAt: at(9), endsAt: at(10), part: 1, of: 1, serviceName: 'Cut' });
    expect(partLabel(p!)).toBe('Cut');
    expect(isMultiService(single)).toBe(false);
    // An appointment from an older answer without `segments` is still drawn.
    expect(appointmentParts({ ...single, segments: undefined })).toHaveLength(1);
  });
  it('a visit is one block per segment, in visit order, each with its own staff, time, name and snapshot', () => {
    const parts = appointmentParts(visit);
    expect(isMultiService(visit)).toBe(true);
    expect(parts.map((p) => [p.id, p.staffId, p.startsAt, p.endsAt, partLabel(p)])).toEqual([
      ['v1:1', 'dana', at(10), at(11, 30), 'Colour · part 1 of 2'],
      ['v1:2', 'ana', at(11, 30), at(12, 15), 'Cut · part 2 of 2'],
    ]);
    expect(parts[0]!.service).toMatchObject({ processing: { startAfterMin: 30 } });
    expect(parts.every((p) => p.appointment === visit)).toBe(true);
  });
  it('names parts from the combined name when the snapshot has no parts', () => {
    expect(appointmentParts({ ...visit, service: null }).map((p) => p.serviceName)).toEqual(['Colour', 'Cut']);
  });
});

describe('column layout of parts and classes', () => {
  it('puts each part in its performer’s column at its own time', () => {
    const items = [...partsOf([single, visit]), ...classItems([yoga()])];
    const dana = columnBlocks(items, 'dana', '2026-11-21', 480, 1200);
    const ana = columnBlocks(items, 'ana', '2026-11-21', 480, 1200);
    expect(dana.map((b) => [b.item.id, b.top, b.height])).toEqual([['v1:1', 120 * PX_PER_MIN, 90 * PX_PER_MIN]]);
    expect(ana.map((b) => [b.item.id, b.startMin, b.endMin, b.top, b.height, b.lanes])).toEqual([
      ['a1', 540, 600, 60 * PX_PER_MIN, 60 * PX_PER_MIN, 1],
      ['v1:2', 690, 735, 210 * PX_PER_MIN, 45 * PX_PER_MIN, 1],
      ['k1', 780, 840, 300 * PX_PER_MIN, 60 * PX_PER_MIN, 1],
    ]);
  });
  it('a class shares the lanes with an appointment under it (a cancelled one keeps its time)', () => {
    const cancelled: Appointment = {
      ...single,
      id: 'a2',
      status: 'cancelled',
      startsAt: at(13, 30),
      endsAt: at(14, 30),
      segments: undefined,
    };
    const blocks = columnBlocks([...partsOf([cancelled]), ...classItems([yoga()])], 'ana', '2026-11-21', 480, 1200);
    expect(blocks.map((b) => [b.item.kind, b.lane, b.lanes])).toEqual([
      ['class', 0, 2],
      ['appointment', 1, 2],
    ]);
  });
});

describe('classes on the calendar', () => {
  it('drops cancelled sessions and keys the rest by instructor', () => {
    expect(classItems([yoga(), yoga({ id: 'k2', status: 'cancelled' })]).map((c) => [c.id, c.staffId])).toEqual([['k1', 'ana']]);
    expect(classItems(null)).toEqual([]);
  });
  it('shows the fill and the waitlist', () => {
    expect(classFill(yoga())).toEqual({ seats: '8/10', waiting: '2 waiting' });
    expect(classFill(yoga({ enrolledCount: 0, waitlistedCount: 0 }))).toEqual({ seats: '0/10', waiting: null });
  });
  it('links to /classes at the session’s local day with the session open', () => {
    // 11:30 PM in Chicago is already the next day in UTC: the link uses the local day.
    expect(classHref({ id: 'k1', startsAt: new Date(Date.UTC(2026, 10, 22, 5, 30)).toISOString() })).toBe(
      '/classes?date=2026-11-21&session=k1',
    );
  });
});
