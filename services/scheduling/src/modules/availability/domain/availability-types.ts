// Public types of the availability engine. Every booking path (staff calendar, public booking, API,
// reschedule, recurring series) feeds the same shapes, so the slots offered and the bookings
// accepted can never disagree. Change only additively: the rest of the service codes against them.
//
// All instants are UTC `Date`s; ranges are half-open [start, end). Wall-clock values ('HH:mm',
// 'YYYY-MM-DD') are in the location's IANA time zone (`LocationPolicy.timeZone`).

/** Half-open UTC range [start, end). */
export interface TimeRange {
  start: Date;
  end: Date;
}

/** ISO weekday, Monday = 1 … Sunday = 7 (luxon's `weekday`). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Local wall-clock 'HH:mm' (24 h). '24:00' is allowed as an end meaning midnight. */
export type WallTime = string;

/** One recurring weekly interval in local time. A staff member may have several per weekday. */
export interface WeeklyInterval {
  weekday: IsoWeekday;
  start: WallTime;
  end: WallTime;
}

/** Weekly hours: a list of intervals (several per weekday for split shifts). */
export type WeeklyHours = WeeklyInterval[];

/** A recurring weekly break, e.g. lunch. The label is shown in reasons ("Dana is on break (Lunch)"). */
export interface WeeklyBreak extends WeeklyInterval {
  label?: string;
}

/**
 * Replaces the weekly hours for one local date. `hours: []` means closed / off that day.
 * Breaks still apply inside replacement hours.
 */
export interface DateException {
  date: string; // 'YYYY-MM-DD' local
  hours: { start: WallTime; end: WallTime }[];
  label?: string;
}

export interface LabeledRange extends TimeRange {
  label: string;
}

export type StaffBusyKind = 'appointment' | 'class' | 'buffer' | 'blocked';

export interface StaffBusy extends LabeledRange {
  kind: StaffBusyKind;
  /** Appointment (or block) id, so a reschedule can ignore the appointment being moved. */
  id?: string;
}

/** One staff member's calendar at one location. `busy` must cover the requested range (any order). */
export interface StaffCalendar {
  staffId: string;
  name: string;
  weeklyHours: WeeklyHours;
  weeklyBreaks: WeeklyBreak[];
  exceptions: DateException[];
  /** Time off / blocked days (vacation, sick): the staff member is not working at all. */
  timeOff: LabeledRange[];
  /** Existing allocations: appointments (without their processing gaps), buffers, blocked time. */
  busy: StaffBusy[];
  /**
   * The weekdays this person works at another location (by its name): a day without hours here
   * reads "is at Lakeview today", not "is off today".
   */
  elsewhere?: { weekday: IsoWeekday; location: string }[];
}

export type ResourceKind = 'room' | 'device';

export interface ResourceBusy extends LabeledRange {
  /** Places taken by this allocation (default 1); a room of capacity 2 holds two at once. */
  count?: number;
  id?: string;
}

export interface ResourceCalendar {
  resourceId: string;
  kind: ResourceKind;
  /** Matched against `ServiceDef.roomType` / `deviceTypes`. */
  type: string;
  name: string;
  capacity: number;
  busy: ResourceBusy[];
}

export interface ServiceDef {
  id: string;
  name: string;
  durationMin: number;
  /** Staff and resources are held this long before the service (prep); not shown to the client. */
  bufferBeforeMin: number;
  /** … and this long after (cleanup). */
  bufferAfterMin: number;
  /**
   * A gap inside the service (e.g. colour developing): the staff member is free for another client,
   * the room and devices stay held. `startAfterMin + durationMin` must be ≤ the service duration.
   */
  processing?: { startAfterMin: number; durationMin: number } | null;
  /** One room of this type is needed for the whole service (with buffers). */
  roomType?: string | null;
  /** One device of each listed type is needed for the whole service (with buffers). */
  deviceTypes: string[];
  /** Staff qualified to perform it. */
  staffIds: string[];
  /** Per-staff duration (e.g. a junior takes longer). */
  overrides?: Record<string, { durationMin?: number }>;
}

export interface LocationPolicy {
  /** IANA zone, e.g. 'America/Chicago'. */
  timeZone: string;
  /** Offered starts lie on this grid, counted from local midnight. */
  slotIntervalMin: number;
  minNoticeMin: number;
  maxAdvanceDays: number;
  /** Location opening hours; when absent the location never limits (staff hours do). */
  openingHours?: WeeklyHours;
  /** Location-wide closures / special hours (holidays). */
  closures?: DateException[];
  /** Reason shown on closed days, default 'Closed today'. */
  closedLabel?: string;
  /** BCP 47 locale for reason text, default 'en-US'. */
  locale?: string;
}

/** 'any' = the engine picks a qualified free staff member (fewest bookings first, then name). */
export type StaffChoice = 'any' | string;

export interface SlotRequest {
  from: Date;
  to: Date;
  /** The current instant; the engine never reads the clock. */
  now: Date;
  /** The visit's services in the order performed. */
  services: ServiceDef[];
  /** One per service. */
  staffChoice: StaffChoice[];
  staff: StaffCalendar[];
  resources: ResourceCalendar[];
  policy: LocationPolicy;
  /** Bookings so far per staff id, used to spread 'any' bookings (fewer first). */
  fairness?: Record<string, number>;
  /** Busy entries (staff and resource) with these ids are ignored: the appointment being rescheduled. */
  ignoreBusyIds?: string[];
}

export interface SlotSegment {
  serviceId: string;
  staffId: string;
  /** The service itself, as the client sees it (no buffers). */
  start: Date;
  end: Date;
  /** What the staff member is held for: buffers included, processing gap excluded. */
  staffBusy: TimeRange[];
  /** Rooms and devices assigned (room first, then devices in `deviceTypes` order). */
  resourceIds: string[];
  /** What the resources are held for: the whole service with its buffers. */
  resourceBusy: TimeRange;
}

export interface Slot {
  start: Date;
  end: Date;
  segments: SlotSegment[];
}

export type ReasonCode =
  | 'location-closed'
  | 'before-opening'
  | 'after-closing'
  | 'too-soon'
  | 'too-far'
  | 'off-grid'
  | 'outside-range'
  | 'staff-off'
  | 'staff-not-started'
  | 'staff-finished'
  | 'staff-break'
  | 'staff-time-off'
  | 'staff-busy'
  | 'staff-not-qualified'
  | 'staff-unknown'
  | 'no-staff'
  | 'resource-missing'
  | 'resource-busy'
  | 'class-full'
  | 'invalid-request';

export interface UnavailableReason {
  code: ReasonCode;
  /** Human text in the location's zone, e.g. 'Room 2 is taken until 3:30 PM'. */
  message: string;
  staffId?: string;
  resourceId?: string;
  serviceId?: string;
  /** When the blocking thing ends, if known. */
  until?: Date;
}

export interface BookingRequest extends SlotRequest {
  start: Date;
  /** Staff per service chosen already (e.g. the slot the client picked); overrides `staffChoice`. */
  chosen?: (string | null)[];
  /** Staff-calendar bookings may skip the grid and/or the notice window. */
  relax?: { grid?: boolean; notice?: boolean };
  /**
   * Per service, a length (minutes) replacing the catalogue's and any per-staff override: an
   * appointment resized on the calendar. null/absent keeps the service's own duration.
   */
  durationMin?: (number | null | undefined)[];
}

export type BookingCheck = { ok: true; slot: Slot } | { ok: false; reasons: string[]; details: UnavailableReason[]; alternatives: Slot[] };

export interface ExplainRequest {
  at: Date;
  now: Date;
  /** Why is this staff member not bookable at `at`? */
  staffId?: string;
  /** Why can this visit not start at `at`? (default: the staff member's availability only) */
  services?: ServiceDef[];
  staffChoice?: StaffChoice[];
  staff: StaffCalendar[];
  resources: ResourceCalendar[];
  policy: LocationPolicy;
  ignoreBusyIds?: string[];
}

export interface RecurrenceRule {
  /** First occurrence (UTC); its local wall time is kept for every occurrence. */
  start: Date;
  everyWeeks: number;
  /** Inclusive last possible start. At least one of `until` / `count` is required. */
  until?: Date;
  count?: number;
  timeZone: string;
}

export interface SeriesRequest extends Omit<SlotRequest, 'from' | 'to'> {
  rule: RecurrenceRule;
  chosen?: (string | null)[];
  relax?: { grid?: boolean; notice?: boolean };
}

export type SeriesOccurrence =
  { start: Date; ok: true; slot: Slot } | { start: Date; ok: false; reasons: string[]; details: UnavailableReason[]; alternatives: Slot[] };

export type ClassSeatCheck = { ok: true; seatsLeft: number } | { ok: false; seatsLeft: number; reason: string; details: UnavailableReason };
