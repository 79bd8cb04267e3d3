/** Toast state (spec §4/§9): one toast at a time, removed 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast stays before it dismisses itself. */
export const TOAST_DURATION = 5_000;
/** A toast with buttons stays longer: time to read it and decide (WCAG 2.2.1). */
export const TOAST_ACTION_DURATION = 12_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

/** A button in a toast ("Undo"); pressing it runs `onClick` and dismisses the toast. */
export interface ToastButton {
  label: string;
  onClick(): void;
  testId?: string;
}

export interface Toast {
  id: string;
  title?: string;
  description?: string;
  variant?: ToastVariant;
  actions?: ToastButton[];
  open: boolean;
}

export type ToastAction =
  | { type: 'ADD'; toast: Toast }
  | { type: 'UPDATE'; toast: Partial<Toast> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string };

export function toastReducer(state: Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'ADD':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'UPDATE':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case 'DISMISS':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'REMOVE':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

let memory: Toast[] = [];
const listeners = new Set<(s: Toast[]) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  memory = toastReducer(memory, action);
  for (const l of listeners) l(memory);
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'REMOVE', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string): void {
  const ids = id === undefined ? memory.map((t) => t.id) : [id];
  for (const i of ids) scheduleRemoval(i);
  dispatch({ type: 'DISMISS', id });
}

export function toast(input: Omit<Toast, 'id' | 'open'>): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'ADD', toast: { ...input, id, open: true } });
  return { id, dismiss: () => dismissToast(id) };
}

export function subscribeToasts(listener: (s: Toast[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return memory;
}
