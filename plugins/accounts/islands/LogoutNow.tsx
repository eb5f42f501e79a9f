import { useEffect } from 'react';
import { logout } from '../../../site/lib/session.ts';
import * as m from '../../../lib/i18n/messages.ts';

/** /logout as a page: signs out on arrival, with a visible fallback while it does. */
export default function LogoutNow() {
  useEffect(() => {
    void logout();
  }, []);
  return (
    <p className="text-secondary" role="status">
      {m.logout_signing_out()}
    </p>
  );
}
