import { describe, expect, it } from 'vitest';
import { kioskPath, kioskReturnPath } from './kiosk';

const CLIENT = 'c1000000-0000-4000-8000-000000000001';

describe('kiosk mode of a form', () => {
  it('opens the due form link on this site with the way back', () => {
    expect(kioskPath('https://salon.example/forms/12?r=abcDEF_123-xyz0000', CLIENT)).toBe(`/forms/12?r=abcDEF_123-xyz0000&kiosk=${CLIENT}`);
    expect(kioskPath('/forms/7?r=tok', CLIENT)).toBe(`/forms/7?r=tok&kiosk=${CLIENT}`);
  });

  it("returns only to a client's Forms tab, never to an address from the query", () => {
    expect(kioskReturnPath(CLIENT)).toBe(`/clients/${CLIENT}?tab=forms`);
    expect(kioskReturnPath(CLIENT.toUpperCase())).toBe(`/clients/${CLIENT}?tab=forms`);
    expect(kioskReturnPath('//evil.example')).toBeNull();
    expect(kioskReturnPath('1')).toBeNull();
    expect(kioskReturnPath(null)).toBeNull();
  });
});
