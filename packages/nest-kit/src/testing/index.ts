export * from './test-database.js';
export * from './service-processes.js';
export * from './kafka-mock.js';
