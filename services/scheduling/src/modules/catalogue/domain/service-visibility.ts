import { satisfies, type PermissionSubject } from '@salon/contracts';

/**
 * Who reads which service by id. The open booking API (no token, or a client's) sees what it may
 * book: active and offered online, as its list does. Staff who manage or book services read every
 * service, inactive and in-house ones included (the services page edits them by id).
 */
export const SEE_EVERY_SERVICE = {
  anyOf: ['view_services', 'view_calendar', 'edit_calendar', 'edit_business_settings', 'view_business_settings'],
} as const;

export function isOfferedPublicly(service: { active: boolean; onlineBookable: boolean }): boolean {
  return service.active && service.onlineBookable;
}

export function canReadService(subject: PermissionSubject | null, service: { active: boolean; onlineBookable: boolean }): boolean {
  return isOfferedPublicly(service) || (subject !== null && subject.role !== 'client' && satisfies(subject, SEE_EVERY_SERVICE));
}
