/** How long a shared link stays live: the Share menu's choices (days; null never expires). */
export const SHARE_EXPIRY_CHOICES: readonly { days: number | null; label: string }[] = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: 'A year' },
  { days: null, label: 'Never (until revoked)' },
];

/** What the preview can show in place: images as an image, PDFs and text in a frame; anything else is downloaded. */
export function previewKind(contentType: string): 'image' | 'frame' | null {
  if (/^image\/(png|jpeg|webp)$/.test(contentType)) return 'image';
  if (contentType === 'application/pdf' || contentType === 'text/plain') return 'frame';
  return null;
}

/** The upload request: the file is the body, what it is goes in the query (clientId only for a client's document). */
export function uploadPath(input: { title: string; fileName: string; kind: string; clientId: string | null }): string {
  const q = new URLSearchParams({ title: input.title.trim() || input.fileName, fileName: input.fileName, kind: input.kind });
  if (input.clientId) q.set('clientId', input.clientId);
  return `/api/documents?${q}`;
}
