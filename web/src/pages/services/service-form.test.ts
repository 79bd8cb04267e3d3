import { describe, expect, it } from 'vitest';
import { EMPTY_SERVICE_FORM, buildServiceInput, formFromService, groupByCategory, type Service } from './service-form';

const LOC = '00000000-0000-4000-8000-000000000001';

describe('buildServiceInput', () => {
  it('converts dollars and minutes', () => {
    const { input, errors } = buildServiceInput(
      { ...EMPTY_SERVICE_FORM, name: ' Cut ', duration: '45', price: '55.5', bufferAfter: '10', deviceTypes: ['dryer', ' '] },
      LOC,
    );
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      locationId: LOC,
      name: 'Cut',
      durationMin: 45,
      priceMinor: 5550,
      bufferAfterMin: 10,
      bufferBeforeMin: 0,
      deviceTypes: ['dryer'],
      processing: null,
      category: null,
    });
  });
  it('names the wrong fields', () => {
    const { input, errors } = buildServiceInput(
      {
        ...EMPTY_SERVICE_FORM,
        duration: '2',
        price: 'x',
        hasProcessing: true,
        processingStart: '10',
        processingDuration: '50',
        staff: [{ staffId: 's', duration: '', price: 'y' }],
      },
      LOC,
    );
    expect(input).toBeNull();
    expect(Object.keys(errors).sort()).toEqual(['durationMin', 'name', 'priceMinor', 'processing', 'staff.0.priceMinor']);
  });
  it('processing must end before the service', () => {
    const f = {
      ...EMPTY_SERVICE_FORM,
      name: 'Color',
      duration: '60',
      price: '80',
      hasProcessing: true,
      processingStart: '20',
      processingDuration: '40',
    };
    expect(buildServiceInput(f, LOC).errors.processing).toBeDefined();
    expect(buildServiceInput({ ...f, processingDuration: '30' }, LOC).input?.processing).toEqual({ startAfterMin: 20, durationMin: 30 });
  });
  it('round-trips a service', () => {
    const s: Service = {
      id: 'x',
      locationId: LOC,
      name: 'A',
      category: 'Hair',
      description: null,
      durationMin: 90,
      priceMinor: 1999,
      currency: 'USD',
      bufferBeforeMin: 5,
      bufferAfterMin: 0,
      processing: null,
      roomType: 'wash',
      deviceTypes: [],
      onlineBookable: false,
      active: true,
      staff: [{ staffId: 's1', durationMin: 60, priceMinor: null }],
      version: 1,
    };
    const { input } = buildServiceInput(formFromService(s), LOC);
    expect(input).toMatchObject({
      durationMin: 90,
      priceMinor: 1999,
      roomType: 'wash',
      onlineBookable: false,
      staff: [{ staffId: 's1', durationMin: 60, priceMinor: null }],
    });
  });
});

describe('groupByCategory', () => {
  it('groups and sorts, uncategorised last', () => {
    const g = groupByCategory([
      { name: 'b', category: 'Nails' },
      { name: 'z', category: null },
      { name: 'a', category: 'Nails' },
      { name: 'c', category: 'Hair' },
    ]);
    expect(g.map((x) => x.category)).toEqual(['Hair', 'Nails', 'Uncategorized']);
    expect(g[1].items.map((x) => x.name)).toEqual(['a', 'b']);
  });
});
