import { FORM_UPLOAD_MAX_BYTES } from '@salon/contracts';
import { describe, expect, it } from 'vitest';
import { dataUrlBytes, scaledSize, tooLargeMessage, uploadPlan } from './form-upload';

describe('form uploads from a phone', () => {
  it('shrinks a large photo, sends a small file as it is, and refuses anything else over the limit', () => {
    expect(uploadPlan({ type: 'image/jpeg', size: 4_800_000 })).toBe('shrink');
    expect(uploadPlan({ type: 'image/png', size: 200_000 })).toBe('as-is');
    expect(uploadPlan({ type: 'application/pdf', size: 300_000 })).toBe('as-is');
    expect(uploadPlan({ type: 'application/pdf', size: FORM_UPLOAD_MAX_BYTES + 1 })).toBe('too-large');
    expect(uploadPlan({ type: 'image/heic', size: 3_000_000 })).toBe('too-large');
  });

  it('names the file, its size and the limit', () => {
    expect(tooLargeMessage('scan.pdf', 3_400_000)).toBe(
      'scan.pdf is 3.4 MB; a form takes files up to 1.0 MB. Choose a smaller file or take the photo again.',
    );
  });

  it('keeps the shape, brings the longest side down to 2000 px, and never enlarges', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 2000, height: 1500 });
    expect(scaledSize(3024, 4032)).toEqual({ width: 1500, height: 2000 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it("counts a data URL's bytes", () => {
    expect(dataUrlBytes(`data:image/jpeg;base64,${btoa('abcd')}`)).toBe(4);
    expect(dataUrlBytes(`data:image/jpeg;base64,${btoa('abcde')}`)).toBe(5);
  });
});
