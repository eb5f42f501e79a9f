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

/** How long the toast stays once shown: one with a way forward twice as long, to be reached by keyboard. */
export const shownFor = (toast: Toast) => (toast.action ? 2 * TOAST_DURATION_MS : TOAST_DURATION_MS);

export const $toast = atom<Toast | null>(null);

let nextId = 1;

/**
 * Shows the toast, in place of any other. Its 5 s are counted by the toaster from when it shows it
 * (site/islands/Toaster.tsx): the toaster hydrates on its first toast (site/directives/demand.ts), and
 * a page swapped meanwhile may take seconds on a slow phone, which counted from here ate the toast.
 */
export function toast(input: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }): void {
  $toast.set({ id: nextId++, variant: 'default' as const, ...input });
  demand('toaster');
}

export function dismissToast(id?: number): void {
  if (id === undefined || $toast.get()?.id === id) $toast.set(null);
}
