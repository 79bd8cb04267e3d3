import type { Location } from '@salon/contracts';

export function activeLocations(locations: readonly Location[] | null | undefined): Location[] {
  return (locations ?? []).filter((l) => l.isActive);
}

/**
 * Spec §4: the chosen location if it is still active, else the default location,
 * else the first active one; null when there is none.
 */
export function pickSelectedLocation(locations: readonly Location[] | null | undefined, chosenId?: string | null): Location | null {
  const active = activeLocations(locations);
  if (chosenId) {
    const chosen = active.find((l) => l.id === chosenId);
    if (chosen) return chosen;
  }
  return active.find((l) => l.isDefault) ?? active[0] ?? null;
}

export type LocationSelectorView =
  { kind: 'loading' } | { kind: 'empty' } | { kind: 'single'; location: Location } | { kind: 'dropdown'; options: Location[] };

/** What the header's location selector shows (spec §2). */
export function locationSelectorView(locations: readonly Location[] | null | undefined, isLoading: boolean): LocationSelectorView {
  if (isLoading) return { kind: 'loading' };
  const active = activeLocations(locations);
  if (active.length === 0) return { kind: 'empty' };
  if (active.length === 1) return { kind: 'single', location: active[0] };
  return { kind: 'dropdown', options: active };
}
