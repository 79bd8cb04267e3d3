import { generateCode } from '../modules/gift-cards/domain/gift-cards.rules.js';

/**
 * The demo salon's prepaid value: two membership plans and two packages, a dozen gift cards (some
 * spent in part, one used up, one physical card) and members holding the plans. Pure and seeded:
 * the same demo every time (demo codes come from a fixed byte stream; real codes use crypto).
 */
export const DEMO_PLANS = [
  {
    kind: 'membership',
    name: 'Blowout Club',
    priceMinor: 7900,
    period: 'month',
    credits: 2,
    discountBps: 1000,
    validityDays: null,
    priorityDays: 14,
  },
  {
    kind: 'membership',
    name: 'Colour Care Annual',
    priceMinor: 89000,
    period: 'year',
    credits: 12,
    discountBps: 1500,
    validityDays: null,
    priorityDays: 30,
  },
  {
    kind: 'package',
    name: '5 Massages for the price of 4',
    priceMinor: 38000,
    period: null,
    credits: 5,
    discountBps: 0,
    validityDays: 365,
    priorityDays: 0,
  },
  { kind: 'package', name: '3 Facials', priceMinor: 27000, period: null, credits: 3, discountBps: 0, validityDays: 180, priorityDays: 0 },
] as const;

export interface DemoGiftCard {
  code: string;
  kind: 'certificate' | 'card';
  amountMinor: number;
  /** Amounts spent since, in order. */
  redeemed: number[];
  issuedDaysAgo: number;
}

export interface DemoHolding {
  plan: number;
  /** Index into the demo clients (by appointment order). */
  client: number;
  used: number;
  status: 'active' | 'paused' | 'past_due';
}

function seededBytes(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) =>
    Uint8Array.from({ length: n }, () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) & 0xff;
    });
}

const AMOUNTS = [2500, 5000, 7500, 10000, 5000, 15000, 2500, 5000, 20000, 10000, 5000, 7500];

export function demoGiftCards(): DemoGiftCard[] {
  return AMOUNTS.map((amountMinor, i) => {
    const redeemed = i % 3 === 1 ? [Math.floor(amountMinor / 2)] : i % 5 === 4 ? [amountMinor - 1000, 1000] : [];
    return {
      code: i === 5 ? '6006-4912-0000-0005' : generateCode(seededBytes(1000 + i)),
      kind: i === 5 ? 'card' : 'certificate',
      amountMinor,
      redeemed,
      issuedDaysAgo: 60 - i * 4,
    };
  });
}

export function demoHoldings(): DemoHolding[] {
  return [
    { plan: 0, client: 0, used: 1, status: 'active' },
    { plan: 0, client: 1, used: 0, status: 'active' },
    { plan: 0, client: 2, used: 2, status: 'past_due' },
    { plan: 1, client: 3, used: 4, status: 'active' },
    { plan: 1, client: 4, used: 0, status: 'paused' },
    { plan: 2, client: 5, used: 2, status: 'active' },
    { plan: 3, client: 6, used: 3, status: 'active' },
  ];
}
