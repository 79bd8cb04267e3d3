import { describe, expect, it } from 'vitest';
import { notesVolumeRefusal, pageSizeRefusal } from './read-volume.js';

const basic = { role: 'staff', permissions: ['view_clients'] };
const exporter = { role: 'staff', permissions: ['view_clients', 'export_clients'] };
const admin = { role: 'admin', permissions: [] };

describe('read volume', () => {
  it('lets anyone with the list read a page of up to 50', () => {
    expect(pageSizeRefusal(basic, 50)).toBeNull();
    expect(pageSizeRefusal(basic, 51)).toBe('Forbidden: more than 50 clients at once requires export_clients');
  });
  it('lets export_clients and admins read larger pages', () => {
    expect(pageSizeRefusal(exporter, 200)).toBeNull();
    expect(pageSizeRefusal(admin, 200)).toBeNull();
  });
  it("reads one client's notes per request without export_clients", () => {
    expect(notesVolumeRefusal(basic, 1)).toBeNull();
    expect(notesVolumeRefusal(basic, 2)).toMatch(/more than one client.*export_clients/);
    expect(notesVolumeRefusal(exporter, 300)).toBeNull();
    expect(notesVolumeRefusal(admin, 300)).toBeNull();
  });
});
