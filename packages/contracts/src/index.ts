export * from './permissions.js';
export * from './events.js';
export * from './queues.js';
export * from './errors.js';
export * from './auth.js';
export * from './scheduling/index.js';
export * from './appointment-lifecycle.js';
