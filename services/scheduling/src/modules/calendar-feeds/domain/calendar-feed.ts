import ical, { ICalEventBusyStatus, ICalEventStatus } from 'ical-generator';

/** One part of a visit a staff member performs, as the feed shows it. */
export interface FeedItem {
  /** The appointment's id and the part's position: stable, so a moved appointment updates in place. */
  appointmentId: string;
  position: number;
  startsAt: Date;
  endsAt: Date;
  serviceName: string;
  locationName: string | null;
  status: string;
  /** Bumped on every change: calendar apps take the higher SEQUENCE as the newer event. */
  version: number;
  updatedAt: Date;
}

/** How far back and ahead the feed reaches: a subscriber sees the last month and the next six. */
export const FEED_DAYS_BACK = 31;
export const FEED_DAYS_AHEAD = 183;
/** What calendar apps are asked to wait between refreshes (Google decides for itself; Apple listens). */
export const FEED_REFRESH_SECONDS = 15 * 60;

/** Statuses that hold the person's time; cancelled and no-show visits leave the feed (subscribers drop them). */
const SHOWN = new Set(['booked', 'confirmed', 'checked-in', 'in-service', 'completed']);

/**
 * A staff member's appointments as an iCalendar feed (RFC 5545), times in UTC. The URL is a bearer
 * secret that ends up on Google's or Apple's servers, so an event names the service and the
 * location but never the client: who is coming stays inside the platform.
 */
export function staffFeed(input: { businessName: string; staffName: string; items: readonly FeedItem[]; appUrl?: string | null }): string {
  const calendar = ical({
    name: `${input.staffName} · ${input.businessName}`,
    description: `Appointments of ${input.staffName} at ${input.businessName}`,
    prodId: { company: 'salon-platform', product: 'staff-calendar-feed', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const item of input.items) {
    if (!SHOWN.has(item.status)) continue;
    calendar.createEvent({
      id: `${item.appointmentId}-${item.position}@salon-platform`,
      start: item.startsAt,
      end: item.endsAt,
      stamp: item.updatedAt,
      lastModified: item.updatedAt,
      sequence: item.version,
      summary: item.serviceName,
      location: item.locationName,
      description: input.appUrl ? `Open the appointment: ${input.appUrl}` : null,
      status: ICalEventStatus.CONFIRMED,
      busystatus: ICalEventBusyStatus.BUSY,
    });
  }
  return calendar.toString();
}
