/**
 * Retail's wire contract: every view it answers (REST and GraphQL) and every input it takes, one
 * file per area (services/retail/README.md names them). Types are inferred.
 */
export * from './tickets.js';
export * from './payments.js';
export * from './pos-settings.js';
export * from './checkout.js';
export * from './products.js';
export * from './prepaid.js';
export * from './deposits.js';
export * from './online-gift-cards.js';
export * from './receipts.js';
export * from './cancellation-fees.js';
