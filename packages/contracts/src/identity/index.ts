export * from './users.js';
export * from './preferences.js';
export * from './business-settings.js';
export * from './locations.js';
export * from './permissions.js';
