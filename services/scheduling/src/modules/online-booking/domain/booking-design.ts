import { blankToNull, intSchema, lineSchema, textSchema, type BookingDesignView } from '@salon/contracts';
import { z } from 'zod';

/** How the public booking page looks and what it offers; one per business. */
export type BookingDesign = BookingDesignView;

export const DEFAULT_DESIGN: BookingDesign = {
  primaryColor: '#6d28d9',
  backgroundColor: '#ffffff',
  logoUrl: null,
  headline: null,
  intro: null,
  policies: null,
  offeredServiceIds: null,
  offeredStaffIds: null,
  allowAnyStaff: true,
  version: 0,
  updatedAt: null,
};

const hex = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #6d28d9')
  .transform((s) => s.toLowerCase());
const text = (max: number) => z.preprocess(blankToNull, textSchema(max).nullable());
// A logo is an https address or a small inline image; SVG is refused because it can carry script.
const logo = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .max(400_000, 'must be an image under 300 kB')
    .refine(
      (s) => /^https:\/\/[^\s]+$/.test(s) || /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(s),
      'must be an https address or a PNG, JPEG, WebP or GIF image',
    )
    .nullable(),
);

export const designInputSchema = z
  .object({
    primaryColor: hex,
    backgroundColor: hex,
    logoUrl: logo.optional(),
    headline: z.preprocess(blankToNull, lineSchema(120).nullable()).optional(),
    intro: text(2000).optional(),
    policies: text(4000).optional(),
    offeredServiceIds: z.array(z.uuid('must be a list of service ids')).max(500).nullable().optional(),
    offeredStaffIds: z.array(z.uuid('must be a list of staff ids')).max(500).nullable().optional(),
    allowAnyStaff: z.boolean().optional(),
    version: intSchema({ min: 0 }),
  })
  .strict();
export type DesignInput = z.infer<typeof designInputSchema>;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Buttons and links use the primary colour on the background; below 3:1 (WCAG's minimum for UI
 * parts) clients on a phone in daylight cannot find the Book button, so such a pair is refused.
 */
export function designProblems(input: Pick<DesignInput, 'primaryColor' | 'backgroundColor'>): { field: string; message: string }[] {
  const ratio = contrastRatio(input.primaryColor, input.backgroundColor);
  return ratio < 3
    ? [{ field: 'primaryColor', message: `is too close to the background colour (contrast ${ratio.toFixed(1)}:1, needs at least 3:1)` }]
    : [];
}

/** Is this service shown online? It must be bookable online and, when the design lists services, listed. */
export function isServiceOffered(
  service: { id: string; active: boolean; onlineBookable: boolean },
  design: Pick<BookingDesign, 'offeredServiceIds'>,
): boolean {
  return service.active && service.onlineBookable && (design.offeredServiceIds === null || design.offeredServiceIds.includes(service.id));
}

/** Who may be chosen online for a service: its performers, narrowed by the design's list. */
export function offeredStaff(performers: readonly string[], design: Pick<BookingDesign, 'offeredStaffIds'>): string[] {
  return design.offeredStaffIds === null ? [...performers] : performers.filter((id) => design.offeredStaffIds!.includes(id));
}
