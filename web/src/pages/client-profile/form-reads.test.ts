import { describe, expect, it } from 'vitest';
import { integrityLabel, readLine } from './form-reads';

describe('form read log lines', () => {
  const names = new Map([['u1', 'Jo Stylist']]);
  it('names staff the viewer may see, else says their role; the client is the client', () => {
    expect(readLine({ readerId: 'u1', readerRole: 'staff', readAt: '2026-11-23T15:00:00Z', via: 'pdf' }, names)).toMatch(
      /^Jo Stylist opened the signed PDF · /,
    );
    expect(readLine({ readerId: 'u2', readerRole: 'admin', readAt: '2026-11-23T15:00:00Z', via: 'graphql' }, names)).toMatch(
      /^An admin opened the answers · /,
    );
    expect(readLine({ readerId: null, readerRole: 'staff', readAt: '2026-11-23T15:00:00Z', via: 'file' }, names)).toMatch(
      /^A staff member opened an uploaded file · /,
    );
    expect(readLine({ readerId: 'c1', readerRole: 'client', readAt: '2026-11-23T15:00:00Z', via: 'pdf' }, names)).toMatch(/^The client /);
  });

  it('says whether the filled form still matches what was signed', () => {
    expect(integrityLabel(true)).toBe('Intact');
    expect(integrityLabel(false)).toBe('Changed after signing');
    expect(integrityLabel(null)).toBeNull();
  });
});
