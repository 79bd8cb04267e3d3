export * from './phone.js';
export * from './phone-schema.js';
export * from './ids.js';
export * from './time-zone.js';
export * from './text.js';
export * from './dates.js';
export * from './numbers.js';
