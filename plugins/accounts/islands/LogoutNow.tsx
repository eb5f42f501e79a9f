import { useEffect } from 'react';
import { logout } from '../../../site/lib/session.ts';

/** /logout as a page: signs out on arrival, with a visible fallback while it does. */
export default function LogoutNow() {
  useEffect(() => {
    void logout();
  }, []);
  return (
    <p className="text-secondary" role="status">
      Signing you out…
    </p>
  );
}
