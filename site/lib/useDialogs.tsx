import { useState, useTransition, type ReactNode } from 'react';
import { Icon, type IconName } from '../components/Icon.tsx';

/**
 * Which of an island's dialogs is open, for dialogs whose code is fetched the first time one opens
 * (`React.lazy`): react-bootstrap's Modal and the dialogs' forms are ~16 KB gzipped that most visits
 * never use, so pages do not load them (site/README.md, "Front-end delivery").
 * Opening is a transition: while the dialog's code loads the page stays as it is and `pending` names
 * the dialog (its button shows a spinner and aria-busy); then the dialog opens and takes the focus.
 * A dialog stays rendered after its first opening, so it animates closed and returns the focus.
 * The island wraps its dialogs in <Suspense>, mounted from hydration on, so nothing is hidden.
 */
export function useDialogs<Name extends string>() {
  const [open, setOpen] = useState<Name | null>(null);
  const [rendered, setRendered] = useState<ReadonlySet<Name>>(() => new Set());
  const [requested, setRequested] = useState<Name | null>(null);
  const [isPending, startTransition] = useTransition();
  return {
    open,
    /** True from the dialog's first opening on. */
    rendered: (name: Name) => rendered.has(name),
    pending: isPending ? requested : null,
    show(name: Name) {
      setRequested(name);
      startTransition(() => {
        setOpen(name);
        setRendered((names) => (names.has(name) ? names : new Set(names).add(name)));
      });
    },
    close: () => setOpen(null),
  };
}

/** A dialog trigger's icon, a spinner while the dialog's code loads. */
export function TriggerIcon({ name, pending, size }: { name: IconName; pending: boolean; size?: number }): ReactNode {
  return pending ? (
    <span className="spinner-border spinner-border-sm" aria-hidden="true" />
  ) : (
    <Icon name={name} size={size} />
  );
}

/**
 * A form dialog's `onEntered`: its first field takes the focus once it is open, not the dialog's box
 * (issue 44 point 12), so typing can start at once; a dialog without a field keeps Bootstrap's focus.
 */
export function focusFirstField(dialog: HTMLElement): void {
  dialog
    .querySelector<HTMLElement>('.modal-body :is(input, select, textarea):not([disabled]):not([type="hidden"])')
    ?.focus();
}
