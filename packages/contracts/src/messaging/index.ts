export * from './messages.js';
export * from './automations.js';
export * from './inbox.js';
export * from './phone.js';
export * from './ai.js';
export * from './marketing.js';
export * from './receipts.js';
