export * from './test-database.js';
export * from './service-processes.js';
export * from './entity-types.js';
export * from './kafka-mock.js';
