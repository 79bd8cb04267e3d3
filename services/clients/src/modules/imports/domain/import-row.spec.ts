import { describe, expect, it } from 'vitest';
import { indexMapping, mapRow, parseBirthday, parseConsent, splitName, splitTags } from './import-row.js';

const today = new Date('2025-06-01T12:00:00Z');
const columns = ['First', 'Last', 'Name', 'Phone', 'Email', 'Birthday', 'Tags', 'Texts OK', 'City', 'Zip'];
const index = indexMapping(
  {
    firstName: 'First',
    lastName: 'Last',
    name: 'Name',
    phone: 'Phone',
    email: 'Email',
    birthday: 'Birthday',
    tags: 'Tags',
    smsConsent: 'Texts OK',
    city: 'City',
    postalCode: 'Zip',
  },
  columns,
);
const row = (values: Partial<Record<string, string>>) => columns.map((c) => values[c] ?? '');

describe('mapRow', () => {
  it('maps and normalises a good row', () => {
    const result = mapRow(
      row({
        First: ' Ana ',
        Last: 'Silva',
        Phone: '(312) 555-0101',
        Email: 'Ana.Silva@Example.COM',
        Birthday: '3/15/1990',
        Tags: 'VIP; Color, vip',
        'Texts OK': 'Yes',
        City: 'Chicago',
        Zip: '60601',
      }),
      index,
      { today },
    );
    expect(result).toEqual({
      ok: true,
      client: {
        firstName: 'Ana',
        lastName: 'Silva',
        phone: '+13125550101',
        email: 'ana.silva@example.com',
        birthday: '1990-03-15',
        address: { city: 'Chicago', postalCode: '60601' },
        tags: ['VIP', 'Color'],
        source: null,
        smsConsent: true,
        emailConsent: null,
        notes: null,
      },
    });
  });

  it('rejects with every reason, naming the field and the value', () => {
    const result = mapRow(row({ First: '', Phone: '12', Email: 'not-an-email', Birthday: '31/31/2020', 'Texts OK': 'maybe' }), index, {
      today,
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        'firstName: is required',
        'phone: "12" is not a valid phone number',
        'email: "not-an-email" is not a valid e-mail address',
        'birthday: "31/31/2020" is not a date (use YYYY-MM-DD or MM/DD/YYYY)',
        'smsConsent: "maybe" is not yes or no',
      ],
    });
  });

  it('splits a full-name column when the first name is blank', () => {
    const result = mapRow(row({ Name: 'Silva, Ana', Email: 'a@b.co' }), index, { today });
    expect(result.ok && result.client).toMatchObject({ firstName: 'Ana', lastName: 'Silva' });
  });

  it('keeps international numbers and defaults to the given country', () => {
    expect(
      mapRow(row({ First: 'Jo', Phone: '+44 20 7946 0958' }), index).ok && mapRow(row({ First: 'Jo', Phone: '+44 20 7946 0958' }), index),
    ).toMatchObject({ client: { phone: '+442079460958' } });
    const uk = mapRow(row({ First: 'Jo', Phone: '020 7946 0958' }), index, { defaultCountry: 'GB' });
    expect(uk.ok && uk.client.phone).toBe('+442079460958');
  });

  it('rejects a birthday in the future', () => {
    expect(mapRow(row({ First: 'Jo', Birthday: '2030-01-01' }), index, { today })).toEqual({
      ok: false,
      problems: ['birthday: "2030-01-01" is not a plausible birthday'],
    });
  });
});

describe('parseBirthday', () => {
  it.each([
    ['1990-03-15', '1990-03-15'],
    ['1990/3/5', '1990-03-05'],
    ['03/15/1990', '1990-03-15'],
    ['3/5/90', '1990-03-05'],
    ['3/5/05', '2005-03-05'],
    ['3-15-1990', '1990-03-15'],
    ['15.03.1990', '1990-03-15'],
    ['Mar 15, 1990', '1990-03-15'],
    ['March 15 1990', '1990-03-15'],
    ['15 March 1990', '1990-03-15'],
    ['1990-03-15T00:00:00Z', '1990-03-15'],
    ['02/29/2001', null],
    ['13/01/1990', null],
    ['someday', null],
  ])('%s → %s', (input, expected) => {
    expect(parseBirthday(input, today)).toBe(expected);
  });
});

describe('small parsers', () => {
  it('reads consent', () => {
    expect(['yes', 'TRUE', '1', 'Y', 'opted in'].map(parseConsent)).toEqual([true, true, true, true, true]);
    expect(['no', 'false', '0', 'N'].map(parseConsent)).toEqual([false, false, false, false]);
    expect(parseConsent('')).toBeNull();
    expect(parseConsent('perhaps')).toBeUndefined();
  });
  it('splits tags on , and ; without duplicates', () => {
    expect(splitTags(' VIP ;color,  Color | new ')).toEqual(['VIP', 'color', 'new']);
  });
  it('splits names', () => {
    expect(splitName('Ana María Silva')).toEqual({ firstName: 'Ana', lastName: 'María Silva' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: null });
  });
});
