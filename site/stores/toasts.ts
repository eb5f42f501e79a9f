import { atom } from 'nanostores';
import { demand } from '../lib/demand.ts';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'success' | 'destructive';
  /** A way forward (a link), e.g. signing in; such a toast stays twice as long, to be reached by keyboard. */
  action?: { label: string; href: string };
}

/** Spec §9: one toast at a time, shown for 5 s. */
export const TOAST_DURATION_MS = 5000;

export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function toast(input: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): void {
  clearTimeout(timer);
  const current = { id: nextId++, variant: 'default' as const, ...input };
  $toast.set(current);
  // The toaster hydrates on its first toast (site/directives/demand.ts).
  demand('toaster');
  timer = setTimeout(() => dismissToast(current.id), current.action ? 2 * TOAST_DURATION_MS : TOAST_DURATION_MS);
}

export function dismissToast(id?: number): void {
  if (id === undefined || $toast.get()?.id === id) $toast.set(null);
}
