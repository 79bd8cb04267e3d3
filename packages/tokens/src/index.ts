export * from './token-service.js';
