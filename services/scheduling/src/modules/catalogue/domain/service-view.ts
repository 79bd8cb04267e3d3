import type { DepositRule } from './catalogue-rules.js';

/** A catalogue service as the scheduling module reads it (pricing, the engine, the booking snapshot). */
export interface ServiceView {
  id: string;
  locationId: string;
  name: string;
  category: string | null;
  description: string | null;
  durationMin: number;
  priceMinor: number;
  currency: string;
  bufferBeforeMin: number;
  bufferAfterMin: number;
  processing: { startAfterMin: number; durationMin: number } | null;
  roomType: string | null;
  deviceTypes: string[];
  onlineBookable: boolean;
  deposit: DepositRule | null;
  active: boolean;
  staff: { staffId: string; durationMin: number | null; priceMinor: number | null }[];
  version: number;
}
