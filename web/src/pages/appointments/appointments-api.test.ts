import { describe, expect, it, vi } from 'vitest';
import { fetchAppointmentsIfChanged } from './appointments-api';

const from = new Date('2026-11-21T06:00:00Z');
const to = new Date('2026-11-22T06:00:00Z');

describe('fetchAppointmentsIfChanged', () => {
  it('sends the last ETag back and keeps the previous list on 304', async () => {
    const first = vi.fn(async () => new Response(JSON.stringify([{ id: 'a1' }]), { status: 200, headers: { ETag: '"a-1"' } }));
    const listed = await fetchAppointmentsIfChanged('loc', from, to, undefined, first as unknown as typeof fetch);
    expect(listed).toEqual({ etag: '"a-1"', items: [{ id: 'a1' }] });
    expect((first.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('If-None-Match');

    const unchanged = vi.fn(async () => new Response(null, { status: 304 }));
    const again = await fetchAppointmentsIfChanged('loc', from, to, listed, unchanged as unknown as typeof fetch);
    expect(again).toBe(listed);
    expect((unchanged.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'If-None-Match': '"a-1"' });

    const changed = vi.fn(async () => new Response(JSON.stringify([{ id: 'a1' }, { id: 'a2' }]), { status: 200, headers: { ETag: '"a-2"' } }));
    expect(await fetchAppointmentsIfChanged('loc', from, to, listed, changed as unknown as typeof fetch)).toEqual({ etag: '"a-2"', items: [{ id: 'a1' }, { id: 'a2' }] });
  });
});
