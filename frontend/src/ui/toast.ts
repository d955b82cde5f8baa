/** A tiny toast store: anything can push, the one <ToastHost> renders (docs/SPEC.md §8). */
export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  hint?: string;
}

/** Toasts close by themselves after this long (docs/SPEC.md §9). */
export const TOAST_AUTO_CLOSE_MS = 4000;
/** Swiping a toast this far (px) dismisses it (docs/SPEC.md §9 "distance 50"). */
export const TOAST_SWIPE_DISTANCE = 50;

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(toasts);
}

export function showToast(kind: ToastKind, message: string, hint?: string): number {
  // The same text twice in a row (e.g. parallel failed calls) shows once.
  const same = toasts.find((t) => t.kind === kind && t.message === message && t.hint === hint);
  if (same) return same.id;
  const toast: Toast = { id: nextId++, kind, message, hint };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => dismissToast(toast.id), TOAST_AUTO_CLOSE_MS);
  return toast.id;
}

export function dismissToast(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

export const toast = {
  error: (message: string, hint?: string) => showToast('error', message, hint),
  success: (message: string) => showToast('success', message),
  info: (message: string) => showToast('info', message),
};

export function dismissAllToasts(): void {
  toasts = [];
  emit();
}
