import type {
  BookedAppointment,
  BookingClaimView,
  BookingConfirmation,
  BookingDesignView,
  BookingLook,
  MyAppointment,
  OnlineBookingInput,
  PublicLocation,
  PublicService,
} from '@salon/contracts';
import { api } from '../../lib/api-client';

export type { BookedAppointment, BookingClaimView, BookingLook, MyAppointment, PublicLocation, PublicService };
export type BookingDesign = BookingDesignView;
export type Confirmation = BookingConfirmation;

export interface BookingInfo {
  businessName: string;
  design: BookingLook;
  locations: PublicLocation[];
}
export interface Slot {
  startsAt: string;
  endsAt: string;
  staffId: string;
  staffName: string;
  /** A visit of several services: each part with its person and time. */
  segments?: { serviceId: string; serviceName: string; staffId: string; staffName: string; startsAt: string; endsAt: string }[];
}
export interface ClientDetails {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  smsConsent: boolean;
  emailConsent: boolean;
  /** "I've booked here before": a link goes to the contact on file of the client these details match. */
  bookedBefore: boolean;
}

const q = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();

/** The public page's calls: visitors have no session, so a 401 here is not a signed-out session. */
const open = { sessionCall: false } as const;

export const bookingApi = {
  info: () => api.get<BookingInfo>('/api/online-booking', open),
  services: (locationId: string) => api.get<PublicService[]>(`/api/online-booking/services?${q({ locationId })}`, open),
  slots: (p: { locationId: string; serviceId?: string; serviceIds?: string; staffId?: string; from: string; to: string }) =>
    api.get<{ timeZone: string; slots: Slot[] }>(`/api/online-booking/availability?${q(p)}`, open),
  book: (body: OnlineBookingInput, idempotencyKey: string) =>
    api.post<Confirmation>('/api/online-booking/appointments', body, { ...open, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** A "was this booking yours?" link: the token is the credential, no session needed. */
  claim: (token: string) => api.get<BookingClaimView>(`/api/online-booking/claims/${encodeURIComponent(token)}`, open),
  confirmClaim: (token: string) => api.post<BookingClaimView>(`/api/online-booking/claims/${encodeURIComponent(token)}/confirm`, {}, open),
  mine: () => api.get<MyAppointment[]>('/api/online-booking/my-appointments'),
  cancel: (id: string, reason?: string) =>
    api.post<MyAppointment>(`/api/online-booking/my-appointments/${encodeURIComponent(id)}/cancel`, reason ? { reason } : {}),
  reschedule: (id: string, startsAt: string, staffId?: string) =>
    api.post<MyAppointment>(`/api/online-booking/my-appointments/${encodeURIComponent(id)}/reschedule`, {
      startsAt,
      ...(staffId ? { staffId } : {}),
    }),
};
