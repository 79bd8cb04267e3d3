/**
 * The public online booking API (`/api/online-booking`, `/api/booking-design`), shared by the
 * scheduling service that answers it and the web page that calls it. Types only.
 */

/** How the public page looks (the part of the design visitors receive). */
export interface BookingLook {
  primaryColor: string;
  backgroundColor: string;
  logoUrl: string | null;
  headline: string | null;
  intro: string | null;
  policies: string | null;
  allowAnyStaff: boolean;
}

/** The whole design, as the owner edits it on /booking-design. */
export interface BookingDesignView extends BookingLook {
  /** null: every active, online-bookable service; otherwise only these. */
  offeredServiceIds: string[] | null;
  /** null: everyone who performs the service; otherwise only these people. */
  offeredStaffIds: string[] | null;
  version: number;
  updatedAt: string | null;
}

export interface PublicLocation {
  id: string;
  name: string;
  timeZone: string;
  address: string | null;
  phone: string | null;
}

export interface PublicService {
  id: string;
  name: string;
  category: string | null;
  description: string | null;
  durationMin: number;
  priceMinor: number;
  /** Highest per-staff price when people charge differently ("from $45"). */
  maxPriceMinor: number;
  currency: string;
  staff: { id: string; name: string }[];
}

export interface BookedAppointment {
  id: string;
  status: string;
  serviceId: string;
  staffId: string;
  startsAt: string;
  endsAt: string;
  serviceName: string;
  staffName: string;
  priceMinor: number;
  currency: string;
  locationId: string;
}

export interface BookingConfirmation {
  appointment: BookedAppointment;
  policies: string | null;
  clientCreated: boolean;
}

/** A signed-in client's own appointment, with whether it may still be changed online and why not. */
export interface MyAppointment extends BookedAppointment {
  canChange: boolean;
  changeBlockedReason: string | null;
}
