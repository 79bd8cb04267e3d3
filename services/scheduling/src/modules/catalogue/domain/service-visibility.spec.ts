import { describe, expect, it } from 'vitest';
import { canReadService, isOfferedPublicly } from './service-visibility.js';

const offered = { active: true, onlineBookable: true };
const inHouse = { active: true, onlineBookable: false };
const retired = { active: false, onlineBookable: true };

describe('service visibility by id', () => {
  it('the public sees only active services offered online', () => {
    expect(isOfferedPublicly(offered)).toBe(true);
    expect(canReadService(null, offered)).toBe(true);
    expect(canReadService(null, inHouse)).toBe(false);
    expect(canReadService(null, retired)).toBe(false);
    expect(canReadService({ role: 'client', permissions: [] }, inHouse)).toBe(false);
  });

  it('staff who see or manage services read every one; other staff only the public ones', () => {
    for (const permission of ['view_services', 'view_calendar', 'edit_calendar', 'edit_business_settings', 'view_business_settings'])
      expect(canReadService({ role: 'staff', permissions: [permission] }, retired), permission).toBe(true);
    expect(canReadService({ role: 'admin', permissions: [] }, inHouse)).toBe(true);
    expect(canReadService({ role: 'staff', permissions: ['view_clients'] }, inHouse)).toBe(false);
    expect(canReadService({ role: 'staff', permissions: ['view_clients'] }, offered)).toBe(true);
  });
});
