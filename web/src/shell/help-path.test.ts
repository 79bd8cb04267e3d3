import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from '../app/modules';
import { STAFF_ROUTES } from '../app/route-table';
import { ROUTE_HELP, helpPathFor } from './help-path';

describe('helpPathFor (the header’s help link)', () => {
  it('names a guide (or the index) for every staff route, and only for those', () => {
    expect(Object.keys(ROUTE_HELP).sort()).toEqual(STAFF_ROUTES.map((r) => r.path).sort());
  });

  it('opens the topic of each screen, with the id of a detail screen ignored', () => {
    const cases: [string, string][] = [
      ['/staff', '/help/staff'],
      ['/staff-schedule', '/help/staff-schedule'],
      ['/staff-schedule/3f1c2a9e-7d4b-4c1e-9a53-0d2f6b7e8c10', '/help/staff-schedule'],
      ['/schedule', '/help/schedule'],
      ['/clients', '/help/clients'],
      ['/clients/8a0b', '/help/clients'],
      ['/clients-import', '/help/clients'],
      ['/booking-design', '/help/settings'],
      ['/settings', '/help/settings'],
      ['/booking-test', '/help/appointments'],
      ['/appointments-mobile', '/help/appointments'],
      ['/email-test', '/help/automations'],
      ['/rooms', '/help/rooms'],
      ['/devices', '/help/devices'],
      ['/note-templates', '/help/note-templates'],
      ['/permissions', '/help/permissions'],
      ['/locations', '/help/locations'],
      ['/classes', '/help/classes'],
      ['/gift-certificates', '/help/gift-certificates'],
      ['/time-clock', '/help/time-clock'],
      ['/ai-messaging', '/help/ai-messaging'],
    ];
    for (const [path, help] of cases) expect(helpPathFor(path), path).toBe(help);
  });

  it('opens the guide of the same name for every route that is a help topic', () => {
    for (const topic of HELP_TOPICS) expect(helpPathFor(`/${topic}`), topic).toBe(`/help/${topic}`);
  });

  it('treats a trailing slash like the route itself', () => {
    expect(helpPathFor('/staff/')).toBe('/help/staff');
    expect(helpPathFor('/staff-schedule/abc/')).toBe('/help/staff-schedule');
  });

  it('opens the index searched for the subject of a screen without a guide', () => {
    expect(helpPathFor('/services')).toBe('/help?q=services');
  });

  it('opens the index from the dashboard, help itself and unknown paths', () => {
    for (const path of ['/', '/dashboard', '/help', '/nowhere', '/staff/extra/segments', '/help/not-a-topic']) {
      expect(helpPathFor(path), path).toBe('/help');
    }
  });

  it('stays on the guide being read', () => {
    expect(helpPathFor('/help/rooms')).toBe('/help/rooms');
  });
});
