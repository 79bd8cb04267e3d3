import { describe, expect, it } from 'vitest';
import { detectFormat, headerKey } from './import-formats.js';

describe('detectFormat', () => {
  it('recognises a Vagaro customer export and maps its columns', () => {
    const columns = [
      'First Name',
      'Last Name',
      'Email',
      'Cell Phone',
      'Home Phone',
      'Work Phone',
      'Address',
      'City',
      'State',
      'Zip',
      'Birthday',
      'Gender',
      'Tags',
      'Notes',
      'Referred By',
      'Customer Since',
      'Last Visit',
    ];
    const { format, mapping } = detectFormat(columns);
    expect(format).toBe('vagaro');
    expect(mapping).toMatchObject({
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phone: 'Cell Phone',
      birthday: 'Birthday',
      addressLine1: 'Address',
      city: 'City',
      region: 'State',
      postalCode: 'Zip',
      tags: 'Tags',
      notes: 'Notes',
      source: 'Referred By',
      name: null,
    });
  });

  it('recognises a Fresha client export', () => {
    const columns = [
      'Client ID',
      'First Name',
      'Last Name',
      'Full Name',
      'Blocked',
      'Gender',
      'Mobile Number',
      'Telephone',
      'Email',
      'Accepts Marketing',
      'Accepts SMS Marketing',
      'Address',
      'Apartment and suite',
      'Area',
      'City',
      'State',
      'Post Code',
      'Date of Birth',
      'Added',
      'Note',
      'Client Source',
    ];
    const { format, mapping } = detectFormat(columns);
    expect(format).toBe('fresha');
    expect(mapping).toMatchObject({
      firstName: 'First Name',
      lastName: 'Last Name',
      phone: 'Mobile Number',
      email: 'Email',
      birthday: 'Date of Birth',
      addressLine2: 'Apartment and suite',
      postalCode: 'Post Code',
      source: 'Client Source',
      emailConsent: 'Accepts Marketing',
      smsConsent: 'Accepts SMS Marketing',
      notes: 'Note',
      name: null,
    });
  });

  it('recognises a Mindbody client export', () => {
    const columns = [
      'ID',
      'Last Name',
      'First Name',
      'Email',
      'Mobile Phone',
      'Home Phone',
      'Address',
      'City',
      'State',
      'Postal Code',
      'Country',
      'Birth Date',
      'Gender',
      'Referred By',
      'Creation Date',
    ];
    const { format, mapping } = detectFormat(columns);
    expect(format).toBe('mindbody');
    expect(mapping).toMatchObject({
      phone: 'Mobile Phone',
      birthday: 'Birth Date',
      postalCode: 'Postal Code',
      source: 'Referred By',
      country: 'Country',
    });
  });

  it('maps a hand-made spreadsheet by common header names', () => {
    const { format, mapping } = detectFormat(['first_name', 'LAST NAME', 'Phone Number', 'E-mail Address', 'DOB', 'tags', 'SMS opt-in']);
    expect(format).toBe('generic');
    expect(mapping).toMatchObject({
      firstName: 'first_name',
      lastName: 'LAST NAME',
      phone: 'Phone Number',
      email: 'E-mail Address',
      birthday: 'DOB',
      tags: 'tags',
      smsConsent: 'SMS opt-in',
      city: null,
    });
  });

  it('maps a single name column when there is no first-name column', () => {
    const { format, mapping } = detectFormat(['Client Name', 'Mobile', 'Email']);
    expect(format).toBe('generic');
    expect(mapping).toMatchObject({ name: 'Client Name', firstName: null, phone: 'Mobile', email: 'Email' });
  });

  it('does not call a file Vagaro for one shared column name', () => {
    expect(detectFormat(['Name', 'Cell Phone', 'Email']).format).toBe('generic');
  });

  it('compares header names without case, spaces or punctuation', () => {
    expect(headerKey(' E-Mail_Address ')).toBe('emailaddress');
  });
});
