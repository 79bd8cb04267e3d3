import { describe, expect, it } from 'vitest';
import {
  appointmentViewSchema,
  bookAppointmentInputSchema,
  bookingConflictBodySchema,
  resourceInputSchema,
  serviceInputSchema,
  serviceViewSchema,
  timeOffInputSchema,
} from './index.js';

const service = {
  id: 's1',
  locationId: 'l1',
  name: 'Haircut',
  category: 'Hair',
  description: null,
  durationMin: 45,
  priceMinor: 5500,
  currency: 'USD',
  bufferBeforeMin: 0,
  bufferAfterMin: 10,
  processing: null,
  roomType: null,
  deviceTypes: [],
  onlineBookable: true,
  deposit: { type: 'percent', percent: 20 },
  active: true,
  staff: [{ staffId: 'st1', durationMin: null, priceMinor: 6000 }],
  version: 1,
};

describe('scheduling contract', () => {
  it('accepts a service view and refuses one that drifted', () => {
    expect(serviceViewSchema.parse(service)).toEqual(service);
    expect(serviceViewSchema.safeParse({ ...service, deposit: { type: 'percent' } }).success).toBe(false);
    expect(serviceViewSchema.safeParse({ ...service, durationMin: '45' }).success).toBe(false);
  });

  it('knows the appointment statuses of the lifecycle', () => {
    const a = {
      id: 'a1',
      locationId: 'l1',
      clientId: 'c1',
      status: 'booked',
      startsAt: 'x',
      endsAt: 'y',
      serviceId: 's1',
      serviceName: 'Haircut',
      staffId: 'st1',
      priceMinor: 5500,
      currency: 'USD',
      service: { name: 'Haircut' },
      resources: [],
      notes: null,
      cancelReason: null,
      lateCancel: false,
      source: 'staff',
      bookedBy: null,
      version: 1,
      seriesId: null,
      paidAt: null,
      segments: [{ position: 1, serviceId: 's1', staffId: 'st1', startsAt: 'x', endsAt: 'y' }],
      createdAt: 'x',
      updatedAt: 'x',
    };
    expect(appointmentViewSchema.safeParse(a).success).toBe(true);
    expect(appointmentViewSchema.safeParse({ ...a, status: 'pending' }).success).toBe(false);
  });

  it('the one conflict body has error, taken and alternatives, nothing else', () => {
    const body = {
      error: 'Dana Lee is already booked at 2:00 PM',
      taken: [{ startsAt: 'x', reason: 'Dana Lee is already booked at 2:00 PM', kind: 'staff', id: 'd', name: 'Dana Lee' }],
      alternatives: [],
    };
    expect(bookingConflictBodySchema.parse(body)).toEqual(body);
    expect(bookingConflictBodySchema.safeParse({ error: 'x' }).success).toBe(true);
    expect(bookingConflictBodySchema.safeParse({ error: 'x', conflicts: [] }).success).toBe(false);
    expect(bookingConflictBodySchema.safeParse({ error: 'x', details: { conflicts: [] } }).success).toBe(false);
  });

  it('inputs apply their defaults and rules', () => {
    const input = serviceInputSchema.parse({
      locationId: '0d000000-0000-4000-8000-000000000001',
      name: ' Cut ',
      durationMin: 45,
      priceMinor: 0,
    });
    expect(input).toMatchObject({
      name: 'Cut',
      currency: 'USD',
      bufferBeforeMin: 0,
      deviceTypes: [],
      onlineBookable: true,
      active: true,
      staff: [],
    });
    expect(serviceInputSchema.safeParse({ ...input, processing: { startAfterMin: 30, durationMin: 15 } }).success).toBe(false);
    expect(
      resourceInputSchema.parse({ locationId: '0d000000-0000-4000-8000-000000000001', name: 'Room 2', type: 'treatment' }).capacity,
    ).toBe(1);
    expect(
      timeOffInputSchema.safeParse({
        staffId: '0d000000-0000-4000-8000-000000000001',
        startsAt: '2030-01-02T00:00:00Z',
        endsAt: '2030-01-01T00:00:00Z',
      }).success,
    ).toBe(false);
    expect(
      bookAppointmentInputSchema.parse({
        locationId: '0d000000-0000-4000-8000-000000000001',
        clientId: '0d000000-0000-4000-8000-000000000002',
        startsAt: '2030-01-01T10:00:00Z',
      }).source,
    ).toBe('api');
  });
});
