export * from './messages.js';
export * from './automations.js';
export * from './inbox.js';
