// The location view and its input are the contract's (@salon/contracts identity/locations); these are identity's state rules.

/** Why a change to a location's active/default state is refused, or null if it is allowed. */
export function locationStateProblem(location: { isDefault: boolean }, change: { isActive?: boolean }): string | null {
  if (change.isActive === false && location.isDefault) {
    return 'the default location cannot be deactivated; make another location the default first';
  }
  return null;
}

export function defaultLocationProblem(location: { isActive: boolean }): string | null {
  return location.isActive ? null : 'an inactive location cannot be the default; activate it first';
}
