import type { ProductTaxClass, ProductUse } from '@salon/contracts';
import { DEMO_PRODUCTS } from './demo-sales.js';

/**
 * The demo salon's 60 products: the three its past sales rang up, then a catalogue of hair, nail
 * and skin care from a handful of brands, a few of them back-bar (used in services, not sold).
 * Pure and the same every run: SKUs, barcodes (valid EAN-13), prices, costs, thresholds, and the
 * stock each location received, used and lost, so the ledger has history and a few products are low.
 */
export interface DemoProduct {
  name: string;
  brand: string;
  category: string;
  sku: string;
  barcode: string;
  priceMinor: number;
  costMinor: number;
  taxClass: ProductTaxClass;
  use: ProductUse;
  lowStockThreshold: number;
}

const BRANDS = ['Lumen', 'Oak & Salt', 'Velvet Row', 'North Bloom', 'Kindred'] as const;
const LINES: readonly { category: string; items: readonly [string, number][]; use?: ProductUse }[] = [
  {
    category: 'Hair care',
    items: [
      ['Volume Shampoo 8 oz', 2200],
      ['Moisture Conditioner 8 oz', 2400],
      ['Curl Cream', 2600],
      ['Heat Protect Spray', 2100],
      ['Dry Shampoo', 1900],
      ['Leave-in Conditioner', 2300],
    ],
  },
  {
    category: 'Styling',
    items: [
      ['Matte Paste', 1800],
      ['Sea Salt Spray', 1700],
      ['Finishing Hairspray', 2000],
      ['Shine Serum', 2900],
    ],
  },
  {
    category: 'Nails',
    items: [
      ['Nail Strengthener', 1400],
      ['Hand Cream', 1600],
    ],
  },
  {
    category: 'Skin care',
    items: [
      ['Gentle Cleanser', 3200],
      ['Daily SPF 30', 3600],
    ],
  },
];
const BACK_BAR: readonly [string, number][] = [
  ['Colour Developer 20 vol (litre)', 0],
  ['Lightener Powder', 0],
  ['Bond Builder Treatment', 0],
  ['Professional Toner', 0],
];

/** EAN-13 with its check digit, from a 12-digit body. */
export function ean13(body: string): string {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + ((10 - (sum % 10)) % 10);
}

export function demoProducts(): DemoProduct[] {
  const out: DemoProduct[] = [];
  const add = (p: Omit<DemoProduct, 'sku' | 'barcode'>) => {
    const n = out.length + 1;
    out.push({ ...p, sku: `DEMO-${String(n).padStart(3, '0')}`, barcode: ean13(`0840000${String(n).padStart(5, '0')}`) });
  };
  for (const p of DEMO_PRODUCTS)
    add({
      name: p.name,
      brand: 'Lumen',
      category: 'Hair care',
      priceMinor: p.unitPriceMinor,
      costMinor: Math.round(p.unitPriceMinor * 0.45),
      taxClass: 'product',
      use: 'retail',
      lowStockThreshold: 4,
    });
  for (const [b, brand] of BRANDS.entries()) {
    for (const line of LINES) {
      for (const [i, [name, price]] of line.items.entries()) {
        if ((b + i) % 2 === 1 && (line.category === 'Nails' || line.category === 'Skin care')) continue;
        if (out.length >= 56) break;
        const priceMinor = price + b * 100;
        add({
          name,
          brand,
          category: line.category,
          priceMinor,
          costMinor: Math.round(priceMinor * 0.45),
          taxClass: 'product',
          use: 'retail',
          lowStockThreshold: 3 + ((b + i) % 3),
        });
      }
    }
  }
  for (const [name] of BACK_BAR)
    add({
      name,
      brand: 'Kindred Pro',
      category: 'Back-bar',
      priceMinor: 0,
      costMinor: 1500,
      taxClass: 'none',
      use: 'professional',
      lowStockThreshold: 2,
    });
  return out.slice(0, 60);
}

/** What a location received of product `index` (of the 60), then used in services (back-bar) or lost by hand; every 9th ends low. */
export function demoStock(index: number, locationIndex: number, use: ProductUse): { received: number; used: number; adjusted: number } {
  const received = 6 + ((index * 7 + locationIndex * 3) % 18);
  const low = index % 9 === 4 && use === 'retail';
  return {
    received,
    used: use === 'professional' ? 2 : 0,
    // A damaged or missing unit now and then; a low product lost most of its stock.
    adjusted: low ? -(received - 1) : index % 5 === 2 ? -1 : 0,
  };
}
