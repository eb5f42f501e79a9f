import { navigate } from 'astro:transitions/client';
import { apiRequest, messageOf } from './api.ts';
import { toast } from '../stores/toasts.ts';
import { signInPath } from '../../lib/nextPath.ts';

/** Logs out, then renders / afresh from the server so nothing of the old session stays on screen. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
    toast({ title: 'Logout successful', description: "You've been logged out of your account", variant: 'success' });
    await navigate('/', { history: 'replace' });
  } catch (error) {
    toast({
      title: 'Logout failed',
      description: messageOf(error, 'An error occurred while logging out'),
      variant: 'destructive',
    });
  }
}

/** A signed-out reader's refused action: says why and offers to sign in and come back here. */
export function signInToast(description: string): void {
  toast({
    title: 'Authentication required',
    description,
    variant: 'destructive',
    action: { label: 'Sign in', href: signInPath(location.pathname + location.search) },
  });
}
