import { describe, expect, it } from 'vitest';
import { ServiceRegistry, SERVICES } from './service-registry.js';

const registry = new ServiceRegistry({ identity: 'http://identity:4001', retail: 'http://retail:4004' });

describe('ServiceRegistry', () => {
  it('routes each REST prefix to its owner, at prefix boundaries only', () => {
    expect(registry.ownerOf('/api/auth/login')?.name).toBe('identity');
    expect(registry.ownerOf('/api/users/42/color-preferences')?.name).toBe('identity');
    expect(registry.ownerOf('/api/business-settings')?.name).toBe('identity');
    expect(registry.ownerOf('/api/appointments/7')?.name).toBe('scheduling');
    expect(registry.ownerOf('/api/appointment-series/7/cancel')?.name).toBe('scheduling');
    expect(registry.ownerOf('/api/waitlist/offers/abc/accept')?.name).toBe('scheduling');
    expect(registry.ownerOf('/api/webhooks/twilio/sms')?.name).toBe('messaging');
    expect(registry.ownerOf('/api/sales-history')?.name).toBe('retail');
    expect(registry.ownerOf('/api/tickets/7/payments')?.name).toBe('retail');
    expect(registry.ownerOf('/api/checkout-appointments')?.name).toBe('retail');
    expect(registry.ownerOf('/api/pos-settings/7')?.name).toBe('retail');
    expect(registry.ownerOf('/api/staff-earnings')?.name).toBe('payroll');
    expect(registry.ownerOf('/api/staff/7/earnings')?.name).toBe('payroll');
    expect(registry.ownerOf('/api/staff-schedules/7')?.name).toBe('scheduling');
    expect(registry.ownerOf('/api/time-clock/clock-in')?.name).toBe('payroll');
    expect(registry.ownerOf('/api/forms/abc')?.name).toBe('documents');
    expect(registry.ownerOf('/api/usersx')).toBeNull();
    expect(registry.ownerOf('/api/webhooks/stripe')?.name).toBe('retail');
    expect(registry.ownerOf('/api/nope')).toBeNull();
  });

  it('knows which services are deployed and where their subgraphs are', () => {
    expect(registry.ownerOf('/api/appointments')?.url).toBeNull();
    expect(registry.deployed().map((s) => s.name)).toEqual(['identity', 'retail']);
    expect(registry.subgraphs()).toEqual([
      { name: 'identity', url: 'http://identity:4001/graphql' },
      { name: 'retail', url: 'http://retail:4004/graphql' },
    ]);
  });

  it('gives every prefix exactly one owner', () => {
    const prefixes = SERVICES.flatMap((s) => s.restPrefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(prefixes.every((p) => p.startsWith('/api/'))).toBe(true);
  });
});
