/** Scheduling's wire contract: one file per service area (services/scheduling/README.md names them). */
export * from './availability.js';
export * from './conflict.js';
