/** How the call log reads a call: pure, tested beside it. */

export const OUTCOME_LABELS: Record<string, string> = {
  ringing: 'In progress',
  answered: 'Answered',
  missed: 'Missed',
  voicemail: 'Voicemail',
};

/** 0:42, 3:04, 1:02:05; an unknown length is a dash. */
export function formatCallLength(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The missed-call text column: "Text delivered", "Not texted: no consent", or nothing. */
export function textBackLabel(textBack: string | null | undefined): string {
  if (!textBack) return '';
  if (textBack.startsWith('text ')) return `Text ${textBack.slice(5)}`;
  return `Not texted: ${textBack}`;
}

/** Staff phones typed one per line or comma-separated. */
export function parsePhoneList(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
}
