import type { SessionUser } from '../../../api/http/state.ts';
import { Icon } from '../../../site/components/Icon.tsx';

/** The top bar's way to the admin dashboard, for admins on wider screens (island slot topbar.links). */
export default function AdminLink({ user }: { user: SessionUser }) {
  if (user.role !== 'admin' && user.role !== 'superadmin') return null;
  return (
    <a href="/admin" className="btn btn-outline-light btn-sm d-none d-md-inline-flex">
      <Icon name="shield" size={16} /> Admin
    </a>
  );
}
