/** How the calendar draws appointments: what is hidden, short blocks, colours, the legend and the zoom. Pure. */
import type { Appointment } from './appointments-api';
import { APPOINTMENT_STATUSES, STATUS_COLOR, STATUS_LABEL, statusColor, themed } from './status';

/** Statuses hidden unless "Show cancelled" is on: their time is free again and they only clutter the column. */
export const HIDDEN_BY_DEFAULT: readonly string[] = ['cancelled', 'no-show'];

export function visibleAppointments<T extends Pick<Appointment, 'status'>>(items: readonly T[], showCancelled: boolean): T[] {
  return showCancelled ? [...items] : items.filter((a) => !HIDDEN_BY_DEFAULT.includes(a.status));
}

/** Blocks this short (minutes) are laid out on one line: name · service · time. */
export const SHORT_BLOCK_MIN = 30;
export const isShortBlock = (startMin: number, endMin: number) => endMin - startMin <= SHORT_BLOCK_MIN;

/** "Ana Ruiz · Haircut · 10:00 AM – 10:30 AM": the one-line text, and the full title and accessible name. */
export function blockLine(client: string, service: string, time: string): string {
  return [client, service, time].filter(Boolean).join(' · ');
}

export type ColourMode = 'status' | 'service';
export const COLOUR_MODES: readonly { value: ColourMode; label: string }[] = [
  { value: 'status', label: 'Status' },
  { value: 'service', label: 'Service' },
];
export const isColourMode = (v: unknown): v is ColourMode => v === 'status' || v === 'service';

export interface BlockColour {
  bg: string;
  border: string;
  text: string;
}

/** Light fills with dark text (contrast above 7:1 on each), told apart by hue; deep tints under light text in dark mode. */
export const SERVICE_PALETTE: readonly BlockColour[] = [
  { bg: themed('#dbeafe', '#202748'), border: '#2563eb', text: themed('#1e3a8a', '#dbeafe') },
  { bg: themed('#dcfce7', '#1e332b'), border: '#16a34a', text: themed('#14532d', '#dcfce7') },
  { bg: themed('#fef3c7', '#3e2b23'), border: '#d97706', text: themed('#78350f', '#fef3c7') },
  { bg: themed('#fce7f3', '#3e2232'), border: '#db2777', text: themed('#831843', '#fce7f3') },
  { bg: themed('#ede9fe', '#2b2148'), border: '#7c3aed', text: themed('#4c1d95', '#ede9fe') },
  { bg: themed('#ccfbf1', '#1c3036'), border: '#0d9488', text: themed('#134e4a', '#ccfbf1') },
  { bg: themed('#ffedd5', '#422722'), border: '#ea580c', text: themed('#7c2d12', '#ffedd5') },
  { bg: themed('#e0f2fe', '#1c2d41'), border: '#0284c7', text: themed('#0c4a6e', '#e0f2fe') },
];

/** A service keeps its colour from day to day: picked by its id, not by its place in the list. */
export function serviceColour(serviceId: string): BlockColour {
  let h = 0;
  for (const ch of serviceId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return SERVICE_PALETTE[h % SERVICE_PALETTE.length]!;
}

/** A block's colours: by its status, or by its service (a cancelled or no-show block stays grey or red either way). */
export function blockColour(mode: ColourMode, a: Pick<Appointment, 'status'>, serviceId: string): BlockColour {
  if (mode === 'service' && !HIDDEN_BY_DEFAULT.includes(a.status)) return serviceColour(serviceId);
  return statusColor(a.status);
}

export interface LegendEntry {
  key: string;
  label: string;
  colour: BlockColour;
}

/**
 * The legend for what is on screen: every live status (and the hidden two when shown), or each
 * service drawn, by name.
 */
export function legendEntries(mode: ColourMode, shown: readonly { serviceId: string; serviceName: string }[], showCancelled: boolean) {
  if (mode === 'status')
    return APPOINTMENT_STATUSES.filter((s) => showCancelled || !HIDDEN_BY_DEFAULT.includes(s)).map<LegendEntry>((s) => ({
      key: s,
      label: STATUS_LABEL[s],
      colour: STATUS_COLOR[s],
    }));
  const seen = new Map<string, LegendEntry>();
  for (const p of shown)
    if (!seen.has(p.serviceId)) seen.set(p.serviceId, { key: p.serviceId, label: p.serviceName, colour: serviceColour(p.serviceId) });
  return [...seen.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** Pixels per minute of the day grid, smallest first; the middle one is the default (18 px per 15 minutes). */
export const ZOOM_LEVELS = [0.8, 1.2, 1.8, 2.6] as const;
export const DEFAULT_ZOOM = 1;
export const clampZoom = (z: number) => Math.min(ZOOM_LEVELS.length - 1, Math.max(0, Math.round(z)));
export const pxPerMinAt = (zoom: number) => ZOOM_LEVELS[clampZoom(zoom)]!;
