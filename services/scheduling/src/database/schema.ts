import { SchedulingInitial1764000000000 } from './migrations/1764000000000-scheduling-initial.js';
import { Classes1764100000000 } from './migrations/1764100000000-classes.js';
import { OnlineBooking1764300000000 } from './migrations/1764300000000-online-booking.js';
import { SeriesAndWaitlist1795251000000 } from './migrations/1795251000000-series-and-waitlist.js';
import { OnlineVisitors1795300000000 } from './migrations/1795300000000-online-visitors.js';
import { AppointmentChanges1795400000000 } from './migrations/1795400000000-appointment-changes.js';
import { AppointmentPaid1796000000200 } from './migrations/1796000000200-appointment-paid.js';
import { CalendarFeeds1796100000000 } from './migrations/1796100000000-calendar-feeds.js';
import { AppointmentDeposits1796600000000 } from './migrations/1796600000000-appointment-deposits.js';
import { MemberBookingWindows1796790000000 } from './migrations/1796790000000-member-booking-windows.js';
import { CancellationFees1796830000000 } from './migrations/1796830000000-cancellation-fees.js';
import { CardHolds1796961300000 } from './migrations/1796961300000-card-holds.js';

/** Everything TypeORM needs to know about this service's database. Repositories use SQL: no entities. */
export const ENTITIES: never[] = [];
export const MIGRATIONS = [
  SchedulingInitial1764000000000,
  Classes1764100000000,
  OnlineBooking1764300000000,
  SeriesAndWaitlist1795251000000,
  OnlineVisitors1795300000000,
  AppointmentChanges1795400000000,
  AppointmentPaid1796000000200,
  CalendarFeeds1796100000000,
  AppointmentDeposits1796600000000,
  MemberBookingWindows1796790000000,
  CancellationFees1796830000000,
  CardHolds1796961300000,
];
