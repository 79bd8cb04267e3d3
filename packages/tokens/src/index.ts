export * from './token-service.js';
export * from './sealed-secret.js';
export * from './config-secrets.js';
export * from './trusted-proxies.js';
