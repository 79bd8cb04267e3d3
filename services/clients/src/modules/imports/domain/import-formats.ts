import { IMPORT_FIELDS, type ImportField, type ImportFormat, type ImportMapping } from '@salon/contracts';

import { headerKey } from '@salon/nest-kit';

export { headerKey };

/** Header names a hand-made spreadsheet uses for each field, best first. */
const GENERIC_SYNONYMS: Record<ImportField, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'fname', 'forename', 'clientfirstname', 'customerfirstname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname', 'clientlastname', 'customerlastname'],
  name: ['name', 'fullname', 'clientname', 'customername', 'client', 'customer'],
  phone: [
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cellphone',
    'cell',
    'cellnumber',
    'phone',
    'phonenumber',
    'telephone',
    'tel',
    'homephone',
  ],
  email: ['email', 'emailaddress', 'mail'],
  birthday: ['birthday', 'birthdate', 'dateofbirth', 'dob', 'bday'],
  addressLine1: ['address', 'address1', 'addressline1', 'street', 'streetaddress'],
  addressLine2: ['address2', 'addressline2', 'apartment', 'apartmentandsuite', 'suite', 'unit'],
  city: ['city', 'town'],
  region: ['state', 'province', 'region', 'county', 'stateprovince'],
  postalCode: ['zip', 'zipcode', 'postalcode', 'postcode', 'postal'],
  country: ['country'],
  tags: ['tags', 'tag', 'labels', 'groups', 'clienttags'],
  source: ['source', 'clientsource', 'referralsource', 'referredby', 'howdidyouhearaboutus', 'leadsource'],
  smsConsent: ['smsconsent', 'smsoptin', 'textoptin', 'acceptssmsmarketing', 'textmarketing', 'smsmarketing', 'sendpromotionaltexts'],
  emailConsent: ['emailconsent', 'emailoptin', 'acceptsmarketing', 'acceptsemailmarketing', 'emailmarketing', 'sendpromotionalemails'],
  notes: ['notes', 'note', 'comments', 'comment', 'clientnotes'],
};

interface VendorFormat {
  format: Exclude<ImportFormat, 'generic'>;
  /** A column only this system's export has under this name. */
  required: string;
  /** Columns typical of this export; two or more (with `required`) identify it. */
  typical: string[];
  /** Field → the export's column name (normalised with headerKey). */
  columns: Partial<Record<ImportField, string>>;
}

/**
 * Client-list exports of common salon systems, by their column names:
 * - Vagaro (Customers → Export): First Name, Last Name, Email, Cell Phone, Home Phone, Work Phone,
 *   Address, City, State, Zip, Birthday, Gender, Tags, Notes, Referred By, Customer Since, Last Visit,
 *   Email Marketing, Text Marketing.
 * - Fresha (Clients → Export): Client ID, First Name, Last Name, Full Name, Blocked, Gender,
 *   Mobile Number, Telephone, Email, Accepts Marketing, Accepts SMS Marketing, Address,
 *   Apartment and suite, Area, City, State, Post Code, Date of Birth, Added, Note, Client Source.
 * - Mindbody (Client list export): ID, Last Name, First Name, Email, Mobile Phone, Home Phone,
 *   Address, Address 2, City, State, Postal Code, Country, Birth Date, Gender, Referred By,
 *   Creation Date, Send Promotional Emails, Send Promotional Texts.
 */
const VENDOR_FORMATS: VendorFormat[] = [
  {
    format: 'vagaro',
    required: 'cellphone',
    typical: [
      'zip',
      'customersince',
      'tags',
      'homephone',
      'workphone',
      'lastvisit',
      'textmarketing',
      'emailmarketing',
      'birthday',
      'referredby',
    ],
    columns: {
      firstName: 'firstname',
      lastName: 'lastname',
      email: 'email',
      phone: 'cellphone',
      birthday: 'birthday',
      addressLine1: 'address',
      city: 'city',
      region: 'state',
      postalCode: 'zip',
      tags: 'tags',
      notes: 'notes',
      source: 'referredby',
      smsConsent: 'textmarketing',
      emailConsent: 'emailmarketing',
    },
  },
  {
    format: 'fresha',
    required: 'mobilenumber',
    typical: [
      'acceptsmarketing',
      'acceptssmsmarketing',
      'dateofbirth',
      'clientsource',
      'postcode',
      'blocked',
      'clientid',
      'apartmentandsuite',
      'added',
      'fullname',
    ],
    columns: {
      firstName: 'firstname',
      lastName: 'lastname',
      phone: 'mobilenumber',
      email: 'email',
      birthday: 'dateofbirth',
      addressLine1: 'address',
      addressLine2: 'apartmentandsuite',
      city: 'city',
      region: 'state',
      postalCode: 'postcode',
      source: 'clientsource',
      notes: 'note',
      emailConsent: 'acceptsmarketing',
      smsConsent: 'acceptssmsmarketing',
    },
  },
  {
    format: 'mindbody',
    required: 'mobilephone',
    typical: [
      'birthdate',
      'postalcode',
      'referredby',
      'id',
      'creationdate',
      'sendpromotionalemails',
      'sendpromotionaltexts',
      'address2',
      'homephone',
    ],
    columns: {
      firstName: 'firstname',
      lastName: 'lastname',
      phone: 'mobilephone',
      email: 'email',
      birthday: 'birthdate',
      addressLine1: 'address',
      addressLine2: 'address2',
      city: 'city',
      region: 'state',
      postalCode: 'postalcode',
      country: 'country',
      source: 'referredby',
      emailConsent: 'sendpromotionalemails',
      smsConsent: 'sendpromotionaltexts',
    },
  },
];

export interface DetectedFormat {
  format: ImportFormat;
  /** Suggested mapping: every field, null where no column fits. */
  mapping: Record<ImportField, string | null>;
}

/** Which system exported the file (by its header) and the mapping it implies. */
export function detectFormat(columns: readonly string[]): DetectedFormat {
  const byKey = new Map<string, string>();
  for (const column of columns) if (!byKey.has(headerKey(column))) byKey.set(headerKey(column), column);

  let vendor: VendorFormat | null = null;
  let best = 0;
  for (const candidate of VENDOR_FORMATS) {
    if (!byKey.has(candidate.required)) continue;
    const score = candidate.typical.filter((key) => byKey.has(key)).length;
    if (score >= 2 && score > best) {
      vendor = candidate;
      best = score;
    }
  }

  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as Record<ImportField, string | null>;
  const used = new Set<string>();
  if (vendor) {
    for (const [field, key] of Object.entries(vendor.columns) as [ImportField, string][]) {
      const column = byKey.get(key);
      if (column && !used.has(column)) {
        mapping[field] = column;
        used.add(column);
      }
    }
  }
  for (const field of IMPORT_FIELDS) {
    if (mapping[field]) continue;
    for (const key of GENERIC_SYNONYMS[field]) {
      const column = byKey.get(key);
      if (column && !used.has(column)) {
        mapping[field] = column;
        used.add(column);
        break;
      }
    }
  }
  // A full-name column is only needed when there is no first-name column.
  if (mapping.firstName && mapping.name) mapping.name = null;
  return { format: vendor?.format ?? 'generic', mapping };
}

/** The non-empty part of a suggested mapping, as stored and answered. */
export function suggestedMapping(detected: DetectedFormat): ImportMapping {
  return Object.fromEntries(Object.entries(detected.mapping).filter(([, c]) => c !== null)) as ImportMapping;
}
