/**
 * A realistic client list: `rows` rows in the generic layout, about 1 % bad rows (bad phones,
 * e-mails, dates, missing first names) and some repeats of earlier rows' phones or e-mails.
 * Deterministic for a given seed, so expected counts can be computed from the same generator.
 */
const FIRST = [
  'Ana',
  'Bea',
  'Cara',
  'Dana',
  'Eli',
  'Faye',
  'Gus',
  'Hana',
  'Ivy',
  'Jon',
  'Kim',
  'Lea',
  'Max',
  'Noa',
  'Oli',
  'Pia',
  'Quin',
  'Rae',
  'Sam',
  'Tess',
];
const LAST = [
  'Silva',
  'Chen',
  'Diaz',
  'Evans',
  'Fox',
  'Gray',
  'Hill',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
  'Moore',
  'Nguyen',
  'Ortiz',
  'Patel',
  'Reed',
];
const AREAS = ['312', '773', '872', '630', '847', '708'];
const TAGS = ['VIP', 'Color', 'Blowout', 'New', 'Regular', 'Bridal', ''];

export interface SampleCsv {
  csv: string;
  rows: number;
  bad: number;
  duplicates: number;
}

export function sampleCsv(rows: number, seed = 1): SampleCsv {
  let state = seed >>> 0 || 1;
  const rand = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const lines = ['First Name,Last Name,Mobile,Email,Birthday,Tags,SMS Opt-in,City,Zip'];
  let bad = 0;
  let duplicates = 0;
  for (let i = 1; i <= rows; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    // Unique, valid Chicago-area numbers written the ways people write them.
    const local = `${200 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, '0')}`;
    const area = AREAS[i % AREAS.length];
    let phone =
      i % 4 === 0
        ? `(${area}) ${local}`
        : i % 4 === 1
          ? `${area}-${local}`
          : i % 4 === 2
            ? `+1 ${area} ${local.replace('-', ' ')}`
            : `${area}.${local.replace('-', '.')}`;
    let email = `${first}.${last}.${i}@example.com`.toLowerCase();
    let birthday = `${1 + (i % 12)}/${1 + (i % 28)}/${1960 + (i % 45)}`;
    let firstName = first;
    const r = rand();
    if (r < 0.0025) {
      phone = '12';
      bad++;
    } else if (r < 0.005) {
      email = `${first}.at.example.com`;
      bad++;
    } else if (r < 0.0075) {
      birthday = '31/31/1990';
      bad++;
    } else if (r < 0.01) {
      firstName = '';
      bad++;
    } else if (r < 0.015 && i > 10) {
      // Same e-mail as an earlier row.
      const j = 1 + Math.floor(rand() * (i - 1));
      email = `${FIRST[j % FIRST.length]}.${LAST[(j * 7) % LAST.length]}.${j}@example.com`.toLowerCase();
      duplicates++;
    }
    const tag = TAGS[i % TAGS.length];
    lines.push(
      `${firstName},${last},${phone},${email},${birthday},${tag ? `"${tag};Imported"` : ''},${i % 3 === 0 ? 'yes' : 'no'},Chicago,606${String(i % 100).padStart(2, '0')}`,
    );
  }
  return { csv: `${lines.join('\n')}\n`, rows, bad, duplicates };
}
