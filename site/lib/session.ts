import { navigate } from 'astro:transitions/client';
import { apiRequest, messageOf } from './api.ts';
import { toast } from '../stores/toasts.ts';
import { signInPath } from '../../lib/nextPath.ts';
import * as m from '../../lib/i18n/messages.ts';
import { splitLocalePath } from '../../lib/i18n/locales.ts';
import { localeHref } from '../../lib/i18n/runtime.ts';

/** Logs out, then renders / afresh from the server so nothing of the old session stays on screen. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
    toast({ title: m.logout_ok(), description: m.logout_ok_text(), variant: 'success' });
    await navigate(localeHref('/'), { history: 'replace' });
  } catch (error) {
    toast({
      title: m.logout_failed(),
      description: messageOf(error, m.logout_failed_text()),
      variant: 'destructive',
    });
  }
}

/** A signed-out reader's refused action: says why and offers to sign in and come back here. */
export function signInToast(description: string): void {
  toast({
    title: m.api_auth_required(),
    description,
    variant: 'destructive',
    action: {
      label: m.signin_action(),
      href: localeHref(signInPath(splitLocalePath(location.pathname).path + location.search)),
    },
  });
}
