import type { ServiceInput, ServiceStaff, ServiceView } from '@salon/contracts/scheduling';
import { dollarsToMinor, minorToDollars, minutesFrom } from './money';

export type { ServiceInput, ServiceStaff };

/** A service as the page holds it: the contract's view (the GraphQL list leaves out the deposit rule). */
export type Service = Omit<ServiceView, 'deposit'> & Partial<Pick<ServiceView, 'deposit'>>;

export interface StaffRowForm {
  staffId: string;
  duration: string;
  price: string;
}

export interface ServiceForm {
  name: string;
  category: string;
  description: string;
  duration: string;
  price: string;
  bufferBefore: string;
  bufferAfter: string;
  hasProcessing: boolean;
  processingStart: string;
  processingDuration: string;
  roomType: string;
  deviceTypes: string[];
  onlineBookable: boolean;
  active: boolean;
  staff: StaffRowForm[];
}

export const EMPTY_SERVICE_FORM: ServiceForm = {
  name: '',
  category: '',
  description: '',
  duration: '60',
  price: '',
  bufferBefore: '0',
  bufferAfter: '0',
  hasProcessing: false,
  processingStart: '',
  processingDuration: '',
  roomType: '',
  deviceTypes: [],
  onlineBookable: true,
  active: true,
  staff: [],
};

export function formFromService(s: Service): ServiceForm {
  return {
    name: s.name,
    category: s.category ?? '',
    description: s.description ?? '',
    duration: String(s.durationMin),
    price: minorToDollars(s.priceMinor),
    bufferBefore: String(s.bufferBeforeMin),
    bufferAfter: String(s.bufferAfterMin),
    hasProcessing: !!s.processing,
    processingStart: s.processing ? String(s.processing.startAfterMin) : '',
    processingDuration: s.processing ? String(s.processing.durationMin) : '',
    roomType: s.roomType ?? '',
    deviceTypes: [...s.deviceTypes],
    onlineBookable: s.onlineBookable,
    active: s.active,
    staff: s.staff.map((r) => ({
      staffId: r.staffId,
      duration: r.durationMin == null ? '' : String(r.durationMin),
      price: minorToDollars(r.priceMinor),
    })),
  };
}

/**
 * The API body of a form, or the field errors (keys as the server names them: durationMin,
 * priceMinor, processing, staff.0.priceMinor …). Pure.
 */
export function buildServiceInput(form: ServiceForm, locationId: string): { input: ServiceInput | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  if (!name) errors.name = 'Name is required';
  const duration = minutesFrom(form.duration);
  if (duration === null || Number.isNaN(duration) || duration < 5 || duration > 1440)
    errors.durationMin = 'Duration must be 5–1440 minutes';
  const price = dollarsToMinor(form.price);
  if (price === null) errors.priceMinor = 'Enter a price such as 45 or 45.50';
  const minutes = (text: string, key: string, max: number): number => {
    const v = minutesFrom(text);
    if (v === null) return 0;
    if (Number.isNaN(v) || v > max) errors[key] = `Must be 0–${max} minutes`;
    return Number.isNaN(v) ? 0 : v;
  };
  const bufferBeforeMin = minutes(form.bufferBefore, 'bufferBeforeMin', 240);
  const bufferAfterMin = minutes(form.bufferAfter, 'bufferAfterMin', 240);
  let processing: ServiceInput['processing'] = null;
  if (form.hasProcessing) {
    const start = minutesFrom(form.processingStart);
    const len = minutesFrom(form.processingDuration);
    if (start === null || Number.isNaN(start) || len === null || Number.isNaN(len) || len < 5)
      errors.processing = 'Enter when processing starts and how long it lasts (at least 5 min)';
    else if (duration !== null && !Number.isNaN(duration) && start + len >= duration)
      errors.processing = 'Processing must end before the service does';
    else processing = { startAfterMin: start, durationMin: len };
  }
  const staff: ServiceStaff[] = [];
  form.staff.forEach((r, i) => {
    const d = minutesFrom(r.duration);
    if (d !== null && (Number.isNaN(d) || d < 5 || d > 1440)) errors[`staff.${i}.durationMin`] = 'Duration must be 5–1440 minutes';
    const p = r.price.trim() === '' ? null : dollarsToMinor(r.price);
    if (r.price.trim() !== '' && p === null) errors[`staff.${i}.priceMinor`] = 'Enter a price';
    staff.push({ staffId: r.staffId, durationMin: d === null || Number.isNaN(d) ? null : d, priceMinor: p });
  });
  if (Object.keys(errors).length) return { input: null, errors };
  return {
    input: {
      locationId,
      name,
      category: form.category.trim() || null,
      description: form.description.trim() || null,
      durationMin: duration as number,
      priceMinor: price as number,
      currency: 'USD',
      bufferBeforeMin,
      bufferAfterMin,
      processing,
      roomType: form.roomType.trim() || null,
      deviceTypes: form.deviceTypes.map((d) => d.trim()).filter(Boolean),
      onlineBookable: form.onlineBookable,
      active: form.active,
      staff,
    },
    errors,
  };
}

/** Services grouped by category (uncategorised last), names sorted. */
export function groupByCategory<T extends { category: string | null; name: string }>(
  items: readonly T[],
): { category: string; items: T[] }[] {
  const map = new Map<string, T[]>();
  for (const s of items) {
    const key = s.category?.trim() || '';
    map.set(key, [...(map.get(key) ?? []), s]);
  }
  return [...map.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([category, list]) => ({ category: category || 'Uncategorized', items: list.sort((x, y) => x.name.localeCompare(y.name)) }));
}
