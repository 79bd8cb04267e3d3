import { describe, expect, it } from 'vitest';
import { previewKind, SHARE_EXPIRY_CHOICES, uploadPath } from './document-actions';

describe('documents screen actions', () => {
  it('uploads for a client only when one is chosen; an empty title takes the file name', () => {
    expect(uploadPath({ title: ' ', fileName: 'care.pdf', kind: 'aftercare', clientId: null })).toBe(
      '/api/documents?title=care.pdf&fileName=care.pdf&kind=aftercare',
    );
    expect(uploadPath({ title: 'Before', fileName: 'a.jpg', kind: 'photo', clientId: 'c1' })).toBe(
      '/api/documents?title=Before&fileName=a.jpg&kind=photo&clientId=c1',
    );
  });

  it('previews images and PDFs in place, nothing else', () => {
    expect(previewKind('image/jpeg')).toBe('image');
    expect(previewKind('application/pdf')).toBe('frame');
    expect(previewKind('text/plain')).toBe('frame');
    expect(previewKind('application/zip')).toBeNull();
  });

  it('offers expiries the service accepts (1 to 365 days) or none', () => {
    for (const c of SHARE_EXPIRY_CHOICES) if (c.days !== null) expect(c.days).toBeGreaterThanOrEqual(1);
    expect(SHARE_EXPIRY_CHOICES.some((c) => c.days === null)).toBe(true);
  });
});
