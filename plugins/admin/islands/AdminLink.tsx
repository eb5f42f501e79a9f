import type { SessionUser } from '../../../api/http/state.ts';
import { Icon } from '../../../site/components/Icon.tsx';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';

/** The top bar's way to the admin dashboard, for admins on wider screens (island slot topbar.links). */
export default function AdminLink({ user }: { user: SessionUser }) {
  if (user.role !== 'admin' && user.role !== 'superadmin') return null;
  return (
    <a href={localeHref('/admin')} className="btn btn-outline-light btn-sm d-none d-md-inline-flex">
      <Icon name="shield" size={16} /> {m.admin_link()}
    </a>
  );
}
