/** What a staff profile shows from scheduling's data: where someone works and what they perform. */

export interface CatalogueService {
  id: string;
  name: string;
  locationId: string;
  durationMin: number;
  priceMinor: number;
  currency: string;
  active: boolean;
  staff: { staffId: string; durationMin?: number | null; priceMinor?: number | null }[];
}

export interface PerformedService {
  id: string;
  name: string;
  locationId: string;
  durationMin: number;
  priceMinor: number;
  currency: string;
  /** Their own duration or price differs from the service's. */
  ownDuration: boolean;
  ownPrice: boolean;
}

/**
 * The services a person performs: those that name them, and, where a service names nobody (everyone
 * who works at its location performs it, as booking treats it), those at a location they work at.
 * Their own duration and price replace the service's where set.
 */
export function performedServices(
  staffId: string,
  services: readonly CatalogueService[],
  workLocationIds: readonly string[],
): PerformedService[] {
  const performed: PerformedService[] = [];
  for (const s of services) {
    if (!s.active) continue;
    const own = s.staff.find((o) => o.staffId === staffId);
    if (s.staff.length > 0 ? !own : !workLocationIds.includes(s.locationId)) continue;
    const durationMin = own?.durationMin ?? s.durationMin;
    const priceMinor = own?.priceMinor ?? s.priceMinor;
    performed.push({
      id: s.id,
      name: s.name,
      locationId: s.locationId,
      durationMin,
      priceMinor,
      currency: s.currency,
      ownDuration: durationMin !== s.durationMin,
      ownPrice: priceMinor !== s.priceMinor,
    });
  }
  return performed.sort((a, b) => a.name.localeCompare(b.name));
}

/** The version in force on `today` (YYYY-MM-DD): the latest whose effectiveFrom is not after it. */
export function currentPayRule<T extends { effectiveFrom: string; version: number }>(versions: readonly T[], today: string): T | null {
  let best: T | null = null;
  for (const v of versions)
    if (
      v.effectiveFrom <= today &&
      (!best || v.effectiveFrom > best.effectiveFrom || (v.effectiveFrom === best.effectiveFrom && v.version > best.version))
    )
      best = v;
  return best;
}
