import type { BookingDesign } from './booking-api';

/** The /booking-design form's state and how it maps to and from the API (pure, tested). */
export interface DesignDraft {
  primaryColor: string;
  backgroundColor: string;
  logoUrl: string;
  headline: string;
  intro: string;
  policies: string;
  allowAnyStaff: boolean;
  /** null: every online-bookable service / everyone who performs it. */
  offeredServiceIds: string[] | null;
  offeredStaffIds: string[] | null;
  version: number;
}

export function draftOf(d: BookingDesign): DesignDraft {
  return {
    primaryColor: d.primaryColor,
    backgroundColor: d.backgroundColor,
    logoUrl: d.logoUrl ?? '',
    headline: d.headline ?? '',
    intro: d.intro ?? '',
    policies: d.policies ?? '',
    allowAnyStaff: d.allowAnyStaff,
    offeredServiceIds: d.offeredServiceIds,
    offeredStaffIds: d.offeredStaffIds,
    version: d.version,
  };
}

export function payloadOf(d: DesignDraft): Omit<BookingDesign, 'updatedAt'> {
  const text = (s: string) => (s.trim() ? s.trim() : null);
  return {
    primaryColor: d.primaryColor.toLowerCase(),
    backgroundColor: d.backgroundColor.toLowerCase(),
    logoUrl: text(d.logoUrl),
    headline: text(d.headline),
    intro: text(d.intro),
    policies: text(d.policies),
    allowAnyStaff: d.allowAnyStaff,
    offeredServiceIds: d.offeredServiceIds,
    offeredStaffIds: d.offeredStaffIds,
    version: d.version,
  };
}

/** Ticks one id in a "null = all" list: unticking from "all" lists everyone else; ticking the last one back is "all" again. */
export function toggleOffered(current: string[] | null, all: readonly string[], id: string, on: boolean): string[] | null {
  const base = current ?? [...all];
  const next = on ? [...new Set([...base, id])] : base.filter((x) => x !== id);
  return all.every((x) => next.includes(x)) ? null : next;
}

export const MAX_LOGO_BYTES = 300 * 1024;

/** Why a chosen logo file is refused, or null when it can be used. SVG is refused because it can carry script. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!['image/png', 'image/jpeg', 'image/webp', 'image/gif'].includes(file.type)) return 'Logo: choose a PNG, JPEG, WebP or GIF image';
  if (file.size > MAX_LOGO_BYTES) return `Logo: the image must be under 300 kB (this one is ${Math.ceil(file.size / 1024)} kB)`;
  return null;
}
