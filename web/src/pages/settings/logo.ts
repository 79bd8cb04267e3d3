/** Logo uploads are stored as data URLs; keep them small. */
export const MAX_LOGO_BYTES = 300 * 1024;

export function validateLogoFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'Choose an image file (PNG, JPG, SVG or WebP).';
  if (file.size > MAX_LOGO_BYTES) return `The logo is ${Math.round(file.size / 1024)} KB; the limit is 300 KB.`;
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('Could not read the file'));
    r.readAsDataURL(file);
  });
}
