import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Icon } from '../components/Icon.tsx';
import { useHydrated } from '../lib/useHydrated.ts';
import { $toast, dismissToast, shownFor } from '../stores/toasts.ts';
import * as m from '../../lib/i18n/messages.ts';

/** The single toast of spec §9, announced to screen readers. */
export default function Toaster() {
  // It hydrates on its first toast (site/directives/demand.ts): that render must match the server's.
  const shown = useStore($toast);
  const current = useHydrated() ? shown : null;
  // Counted from when it is shown; a new toast (another id) starts its own.
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => dismissToast(current.id), shownFor(current));
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <div className="toaster" aria-live="polite" aria-atomic="true">
      {current && (
        <div
          key={current.id}
          className={`toast show app-toast app-toast-${current.variant}`}
          role={current.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <div className="app-toast-body">
            <strong className="app-toast-title">{current.title}</strong>
            {current.description && <div className="app-toast-description">{current.description}</div>}
            {current.action && (
              <a className="btn btn-gold btn-sm mt-2" href={current.action.href}>
                {current.action.label}
              </a>
            )}
          </div>
          <button
            type="button"
            className="btn btn-icon btn-sm"
            aria-label={m.toast_dismiss()}
            onClick={() => dismissToast(current.id)}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
    </div>
  );
}
