export * from './token-service.js';
export * from './sealed-secret.js';
