export * from './phone.js';
export * from './phone-schema.js';
export * from './ids.js';
export * from './time-zone.js';
