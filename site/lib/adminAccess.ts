import { isAdmin } from '../../api/http/guards.ts';
import type { SessionUser } from '../../api/http/state.ts';

/**
 * Whether an admin page may show its content, decided on the server (the API checks again); for
 * anyone else it sets the page's status: 401 without a session, 403 for a member who is not an admin.
 */
export function adminAccess(user: SessionUser | null, response: { status?: number }): boolean {
  const allowed = isAdmin(user);
  if (!user) response.status = 401;
  else if (!allowed) response.status = 403;
  return allowed;
}
