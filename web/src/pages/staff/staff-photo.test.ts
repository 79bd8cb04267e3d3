import { describe, expect, it } from 'vitest';
import { photoFileProblem, squareCrop } from './staff-photo';

describe('photoFileProblem', () => {
  it('takes the pictures phones and cameras make, and names what is wrong with anything else', () => {
    expect(photoFileProblem({ type: 'image/jpeg', size: 4_000_000 })).toBeNull();
    expect(photoFileProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(photoFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(photoFileProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/JPEG, PNG or WebP/);
    expect(photoFileProblem({ type: 'application/pdf', size: 10 })).toMatch(/JPEG, PNG or WebP/);
    expect(photoFileProblem({ type: 'image/jpeg', size: 16 * 1024 * 1024 })).toMatch(/under 15 MB/);
  });
});

describe('squareCrop', () => {
  it('cuts the centred square of a landscape, a portrait and a square picture', () => {
    expect(squareCrop(4000, 3000)).toEqual({ sx: 500, sy: 0, side: 3000 });
    expect(squareCrop(1080, 1920)).toEqual({ sx: 0, sy: 420, side: 1080 });
    expect(squareCrop(320, 320)).toEqual({ sx: 0, sy: 0, side: 320 });
  });
});
