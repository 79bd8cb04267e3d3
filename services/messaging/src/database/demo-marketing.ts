import type { SegmentDefinition } from '@salon/contracts';

/** The demo salon's segments (seed.ts). */
export const DEMO_SEGMENTS: ({ name: string } & SegmentDefinition)[] = [
  { name: 'Not seen in 3 months', match: 'all', rules: [{ field: 'lastVisit', op: 'before', amount: 90 }] },
  {
    name: 'VIP regulars',
    match: 'any',
    rules: [
      { field: 'tag', op: 'has', value: 'VIP' },
      { field: 'totalSpend', op: 'atLeast', amount: 50_000 },
    ],
  },
  { name: 'Birthdays this month', match: 'all', rules: [{ field: 'birthdayMonth', amount: 0 }] },
];

/** A campaign the demo salon sent twelve days ago, to the second segment. */
export const DEMO_CAMPAIGN = {
  name: 'Autumn colour week',
  segment: 1,
  subject: 'Autumn colour week, {{firstName}}',
  html: `<table style="width:100%;max-width:600px;margin:0 auto;font-family:Arial,sans-serif;color:#1f2937"><tr><td style="padding:24px"><h1 style="margin:0 0 12px;font-size:24px">Autumn colour week</h1><p style="margin:0 0 16px;font-size:16px;line-height:1.5">Hello {{firstName}}, warm tones are back: 15% off every colour service this week.</p></td></tr></table>`,
  text: 'Autumn colour week\nHello {{firstName}}, warm tones are back: 15% off every colour service this week.',
};
