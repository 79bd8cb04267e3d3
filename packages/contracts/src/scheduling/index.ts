/**
 * Scheduling's wire contract: every view it answers (REST and GraphQL) and the inputs the web also
 * builds, one file per service area (services/scheduling/README.md names them). Types are inferred.
 */
export * from './availability.js';
export * from './catalogue.js';
export * from './schedules.js';
export * from './appointments.js';
export * from './classes.js';
export * from './waitlist.js';
export * from './online-booking.js';
export * from './conflict.js';
export * from './calendar-feeds.js';
export * from './deposits.js';
