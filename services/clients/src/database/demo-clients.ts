import type { DataSource } from 'typeorm';

/**
 * The demo salon's clients (npm start): about 300 people with Chicago fictional phone numbers
 * (+1 312 555 01xx and neighbours), e-mails, tags, a few alerts, a mix of consent and sources,
 * two notes each for a third of them, and two note templates (Colour formula, SOAP). The same
 * every time (a seeded generator), and only once: skipped when any client exists.
 */
const FIRST = [
  'Olivia',
  'Emma',
  'Ava',
  'Sophia',
  'Isabella',
  'Mia',
  'Amelia',
  'Harper',
  'Evelyn',
  'Abigail',
  'Emily',
  'Ella',
  'Elizabeth',
  'Camila',
  'Luna',
  'Sofia',
  'Avery',
  'Mila',
  'Aria',
  'Scarlett',
  'Penelope',
  'Layla',
  'Chloe',
  'Victoria',
  'Madison',
  'Eleanor',
  'Grace',
  'Nora',
  'Riley',
  'Zoey',
  'Hannah',
  'Hazel',
  'Lily',
  'Ellie',
  'Violet',
  'Lillian',
  'Zoe',
  'Stella',
  'Aurora',
  'Natalie',
  'Jennifer',
  'Maria',
  'Aisha',
  'Priya',
  'Mei',
  'Fatima',
  'Yuki',
  'Ingrid',
  'Siobhan',
  'Noah',
  'Liam',
  'James',
  'Lucas',
  'Mateo',
  'Ethan',
  'Daniel',
  'Marcus',
  'Andre',
  'Kenji',
  'Omar',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  "O'Brien",
  'Kowalski',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Rossi',
  'Müller',
  'Dubois',
  'Novak',
  'Haddad',
  'Silva',
  'Tanaka',
  'Larsen',
];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'hotmail.com', 'example.com'];
const SOURCES = ['Instagram', 'Referral', 'Walk-in', 'Google', 'Facebook', 'Website', 'Yelp', 'Gift card', null];
const TAGS = ['VIP', 'Colour', 'Bridal', 'New', 'Balayage', 'Curly', 'Student', 'Keratin'];
// The owner marks the allergies that could hurt someone critical: the desk acknowledges them when booking.
const ALERTS: { kind: string; text: string; critical: boolean }[] = [
  { kind: 'allergy', text: 'Allergic to PPD hair dye', critical: true },
  { kind: 'sensitivity', text: 'Sensitive scalp: no bleach on scalp', critical: false },
  { kind: 'allergy', text: 'Latex allergy', critical: true },
  { kind: 'medical', text: 'Pregnant: no chemical treatments', critical: false },
  { kind: 'other', text: 'Prefers quiet appointments', critical: false },
];
const FREE_NOTES = [
  'Likes a flat white when she arrives.',
  'Wants to grow out the fringe; trim ends only next time.',
  'Booked a trial for her wedding in June.',
  'Prefers Saturday mornings; usually runs 5 minutes late.',
  'Happy with the cut; recommended the bond treatment.',
  'Asked about balayage, consultation needed first.',
  'Patch test done, no reaction after 48 hours.',
  'Brought photos of a copper shade she likes.',
];
const CITIES = ['Chicago', 'Evanston', 'Oak Park', 'Cicero', 'Skokie'];
const STREETS = ['N Clark St', 'W Armitage Ave', 'N Damen Ave', 'W Division St', 'N Milwaukee Ave', 'S Michigan Ave'];

/** mulberry32: a small deterministic generator, so the demo is the same everywhere. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return { next, pick, chance: (p: number) => next() < p, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

export const COLOUR_FORMULA_TEMPLATE = {
  name: 'Colour formula',
  description: 'Brand, formula and processing time of a colour service, and how it turned out',
  sections: [
    {
      id: 'formula',
      title: 'Formula',
      fields: [
        { id: 'brand', label: 'Brand', type: 'choice', required: true, options: ['Wella', 'Redken', "L'Oréal", 'Goldwell', 'Schwarzkopf'] },
        { id: 'formula', label: 'Formula', type: 'text', required: true },
        { id: 'processingMinutes', label: 'Processing time (minutes)', type: 'number', required: false },
      ],
    },
    { id: 'result', title: 'Result', fields: [{ id: 'result', label: 'Result', type: 'longText', required: false }] },
  ],
};

export const SOAP_TEMPLATE = {
  name: 'SOAP',
  description: 'Subjective, objective, assessment, plan (treatments and massage)',
  sections: [
    { id: 'subjective', title: 'Subjective', fields: [{ id: 'subjective', label: 'Subjective', type: 'longText', required: false }] },
    { id: 'objective', title: 'Objective', fields: [{ id: 'objective', label: 'Objective', type: 'longText', required: false }] },
    { id: 'assessment', title: 'Assessment', fields: [{ id: 'assessment', label: 'Assessment', type: 'longText', required: false }] },
    { id: 'plan', title: 'Plan', fields: [{ id: 'plan', label: 'Plan', type: 'longText', required: false }] },
  ],
};

export async function seedDemoClients(
  dataSource: DataSource,
  count = 300,
): Promise<{ seeded: boolean; clients: number; notes: number; templates: number }> {
  return dataSource.transaction(async (m) => {
    await m.query(`LOCK TABLE clients IN SHARE ROW EXCLUSIVE MODE`);
    const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM clients`);
    if (n > 0) return { seeded: false, clients: 0, notes: 0, templates: 0 };
    const r = generator(20251123);
    const templates: { id: string; name: string }[] = [];
    for (const t of [COLOUR_FORMULA_TEMPLATE, SOAP_TEMPLATE]) {
      const [row] = await m.query(
        `INSERT INTO note_templates (name, description, sections) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (lower(name)) WHERE NOT archived DO UPDATE SET updated_at = now() RETURNING id, name`,
        [t.name, t.description, JSON.stringify(t.sections)],
      );
      templates.push(row);
    }
    const now = Date.UTC(2025, 10, 1);
    const day = 86_400_000;
    let notes = 0;
    const usedEmails = new Set<string>();
    for (let i = 0; i < count; i++) {
      const first = r.pick(FIRST);
      const last = r.pick(LAST);
      // 312-555-0100…0199 is the fictional range; the rest of 312-555-xxxx stays fictional for a demo too.
      const phone = r.chance(0.93) ? `+1312555${String(100 + i).padStart(4, '0')}` : null;
      const local = `${first}.${last}`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z.]/g, '');
      let email: string | null = r.chance(0.85) ? `${local}${r.chance(0.4) ? r.int(1, 99) : ''}@${r.pick(DOMAINS)}` : null;
      if (email && usedEmails.has(email)) email = `${local}${i}@${r.pick(DOMAINS)}`;
      if (email) usedEmails.add(email);
      const tags = TAGS.filter(() => r.chance(0.12));
      const createdAt = new Date(now - r.int(1, 900) * day - r.int(0, 86_000) * 1000);
      if (now - createdAt.getTime() < 45 * day && !tags.includes('New')) tags.push('New');
      const alerts = r.chance(0.08) ? [{ id: `demo-alert-${i}`, ...r.pick(ALERTS) }] : [];
      const sms = phone !== null && r.chance(0.6);
      const mail = email !== null && r.chance(0.55);
      const method = () => r.pick(['verbal', 'written', 'online-booking', 'staff']);
      const birthday = r.chance(0.6)
        ? `${r.int(1955, 2006)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`
        : null;
      const address = r.chance(0.5)
        ? {
            line1: `${r.int(100, 4999)} ${r.pick(STREETS)}`,
            city: r.pick(CITIES),
            region: 'IL',
            postalCode: `606${String(r.int(1, 60)).padStart(2, '0')}`,
            country: 'US',
          }
        : null;
      const lastVisit = r.chance(0.8) ? new Date(Math.max(createdAt.getTime(), now - r.int(1, 200) * day)) : null;
      const [row] = await m.query(
        `INSERT INTO clients (first_name, last_name, phone, email, birthday, address, tags, alerts, source,
           sms_consent, sms_consent_at, sms_consent_method, email_consent, email_consent_at, email_consent_method, last_visit_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::text[], $8::jsonb, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) RETURNING id`,
        [
          first,
          last,
          phone,
          email,
          birthday,
          address ? JSON.stringify(address) : null,
          tags,
          JSON.stringify(alerts),
          r.pick(SOURCES),
          sms,
          sms ? createdAt : null,
          sms ? method() : null,
          mail,
          mail ? createdAt : null,
          mail ? method() : null,
          lastVisit,
          createdAt,
        ],
      );
      if (i % 3 === 0) {
        const noteAt = (k: number) => new Date(createdAt.getTime() + (k + 1) * 20 * day);
        await m.query(
          `INSERT INTO client_notes (client_id, body, pinned, author_name, created_at, updated_at) VALUES ($1, $2, $3, 'Dana Reyes', $4, $4)`,
          [row.id, r.pick(FREE_NOTES), alerts.length > 0 || r.chance(0.1), noteAt(0)],
        );
        if (tags.includes('Colour') || r.chance(0.5)) {
          const values = {
            brand: r.pick(COLOUR_FORMULA_TEMPLATE.sections[0].fields[0].options!),
            formula: `${r.int(5, 9)}/${r.int(0, 3)} + ${r.pick([10, 20, 30])} vol`,
            processingMinutes: r.pick([25, 30, 35, 40]),
            result: r.pick(['Even coverage, client delighted.', 'Slightly warm; add ash next time.', 'Great lift, toned to pearl.']),
          };
          await m.query(
            `INSERT INTO client_notes (client_id, template_id, template_name, "values", author_name, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, 'Dana Reyes', $5, $5)`,
            [row.id, templates[0].id, templates[0].name, JSON.stringify(values), noteAt(1)],
          );
        } else {
          const values = {
            subjective: 'Tension in shoulders after desk work.',
            objective: 'Tight trapezius, left more than right.',
            assessment: 'Muscle tension, no contraindications.',
            plan: 'Deep tissue 60 min in 3 weeks.',
          };
          await m.query(
            `INSERT INTO client_notes (client_id, template_id, template_name, "values", author_name, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, 'Sam Patel', $5, $5)`,
            [row.id, templates[1].id, templates[1].name, JSON.stringify(values), noteAt(1)],
          );
        }
        notes += 2;
      }
    }
    return { seeded: true, clients: count, notes, templates: templates.length };
  });
}
