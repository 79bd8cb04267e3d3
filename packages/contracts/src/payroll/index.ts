/** Payroll's wire contract: time clock, pay rules, payroll runs (services/payroll/README.md). */
export * from './time-clock.js';
export * from './pay-rules.js';
export * from './payroll-runs.js';
export * from './reports.js';
