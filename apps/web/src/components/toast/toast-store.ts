/** One toast at a time: showing a toast replaces the one on screen. */
import type { TToast } from '@/lib/notifier';

export type TToastEntry = TToast & { id: number };

let current: TToastEntry | null = null;
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export const ToastDurationMs = { success: 3000, info: 3000, warning: 4500, error: 6000 } as const;

export function showToast(toast: TToast, durationMs: number = ToastDurationMs[toast.level]): number {
  seq += 1;
  current = { ...toast, id: seq };
  clearTimeout(timer);
  const id = seq;
  timer = setTimeout(() => dismissToast(id), durationMs);
  emit();
  return id;
}

/** Dismisses the toast `id` (or whatever is shown). */
export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  clearTimeout(timer);
  emit();
}

export function getToast(): TToastEntry | null {
  return current;
}

export function subscribeToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
