import { FORM_UPLOAD_MAX_BYTES } from '@salon/contracts';

/** Pictures the browser can shrink (what phones and cameras make). */
const SHRINKABLE = ['image/jpeg', 'image/png', 'image/webp'];
/** The longest side a form photo keeps: plenty to read a skin condition or a patch test. */
export const FORM_PHOTO_SIDE = 2000;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The message naming a file that is too large and what the form takes. */
export function tooLargeMessage(fileName: string, size: number): string {
  return `${fileName} is ${megabytes(size)}; a form takes files up to ${megabytes(FORM_UPLOAD_MAX_BYTES)}. Choose a smaller file or take the photo again.`;
}

/** Whether a chosen file goes as it is, is shrunk first (a large picture), or cannot go (anything else too large). */
export function uploadPlan(file: { type: string; size: number }): 'as-is' | 'shrink' | 'too-large' {
  if (SHRINKABLE.includes(file.type) && file.size > FORM_UPLOAD_MAX_BYTES * 0.9) return 'shrink';
  return file.size > FORM_UPLOAD_MAX_BYTES ? 'too-large' : 'as-is';
}

/** The size a width × height picture is drawn at: its longest side at most `side`, never enlarged. */
export function scaledSize(width: number, height: number, side = FORM_PHOTO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Bytes a base64 data: URL holds. */
export function dataUrlBytes(url: string): number {
  const data = url.slice(url.indexOf(',') + 1);
  return Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}

/**
 * A phone's photo shrunk in the browser to a JPEG under the form's limit: its longest side to 2000 px
 * (then smaller), lowering the quality until it fits. Browser only (canvas). Null when it cannot fit.
 */
export async function shrinkFormPhoto(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    for (const side of [FORM_PHOTO_SIDE, 1600, 1200]) {
      const size = scaledSize(bitmap.width, bitmap.height, side);
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (!context) return null;
      context.fillStyle = '#ffffff'; // a transparent PNG becomes a JPEG on white, not black
      context.fillRect(0, 0, size.width, size.height);
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      for (const quality of [0.85, 0.7, 0.55]) {
        const url = canvas.toDataURL('image/jpeg', quality);
        if (dataUrlBytes(url) <= FORM_UPLOAD_MAX_BYTES) return url;
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}
