export * from './test-database.js';
export * from './service-processes.js';
