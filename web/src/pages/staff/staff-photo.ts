import { STAFF_PHOTO_MAX_CHARS } from '@salon/contracts';

/** What a chosen file may be before it is shrunk: a picture a phone or camera makes, not a huge scan. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const MAX_FILE_BYTES = 15 * 1024 * 1024;
/** The photo's side after shrinking: sharp on the staff list and the booking page's 96 px circle at 3× density. */
export const PHOTO_SIDE = 320;

/** Why a chosen file cannot be a profile photo, or null. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP picture.';
  if (file.size > MAX_FILE_BYTES) return 'Choose a picture under 15 MB.';
  return null;
}

/** The centred square of a width × height picture: where to cut it before scaling. */
export function squareCrop(width: number, height: number): { sx: number; sy: number; side: number } {
  const side = Math.min(width, height);
  return { sx: Math.floor((width - side) / 2), sy: Math.floor((height - side) / 2), side };
}

/**
 * The picture cut to its centred square and shrunk to PHOTO_SIDE as a JPEG data URL, lowering the
 * quality until it fits what identity accepts. Browser only (canvas).
 */
export async function shrinkPhoto(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const { sx, sy, side } = squareCrop(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = Math.min(PHOTO_SIDE, side);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot prepare the picture.');
  context.fillStyle = '#ffffff'; // a transparent PNG becomes a JPEG on white, not black
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, sx, sy, side, side, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.86, 0.75, 0.6, 0.45]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.length <= STAFF_PHOTO_MAX_CHARS) return url;
  }
  throw new Error('The picture is still too large after shrinking; choose a simpler one.');
}
