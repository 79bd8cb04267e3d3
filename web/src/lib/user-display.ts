interface NameLike {
  firstName?: string | null;
  lastName?: string | null;
}

/** Initials from first and last name; '??' if there is none (spec §2). */
export function getInitials(user: NameLike | null | undefined): string {
  const f = user?.firstName?.trim()?.charAt(0) ?? '';
  const l = user?.lastName?.trim()?.charAt(0) ?? '';
  const initials = `${f}${l}`.toUpperCase();
  return initials || '??';
}

/** 'First Last', or 'Unknown User' without a name. */
export function getFullName(user: NameLike | null | undefined): string {
  const name = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
  return name || 'Unknown User';
}
