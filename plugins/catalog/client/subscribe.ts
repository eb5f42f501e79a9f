import { apiRequest } from '../../../site/lib/api.ts';
import { addSubscription } from '../../../site/stores/shell.ts';
import { signInToast } from '../../../site/lib/session.ts';
import { toast } from '../../../site/stores/toasts.ts';
import * as m from '../../../lib/i18n/messages.ts';
import type { SubscriptionJson } from '../types.ts';
import { markSubscription } from './subscribeButtons.ts';

// Every Subscribe button on a page ([data-subscribe=artistId]) is served by this one listener. A
// success marks every button for that artist and adds the artist to the sidebar's list at once.

async function subscribe(button: HTMLButtonElement): Promise<void> {
  const artistId = Number(button.dataset.subscribe);
  const name = button.dataset.artistName ?? '';
  if (!button.dataset.signedIn) {
    signInToast(m.api_subscribe_login());
    return;
  }
  button.disabled = true;
  try {
    const subscription = await apiRequest<SubscriptionJson>('POST', '/api/subscriptions', { artistId, active: true });
    markSubscription(artistId, true);
    addSubscription(subscription.artist);
    toast({
      title: m.subscribed_to({ name }),
      description: m.subscribe_done_text(),
      variant: 'success',
    });
  } catch (error) {
    button.disabled = false;
    // Spec §8: a failure from an artist card shows nothing.
    if (button.dataset.quiet) console.warn('subscription failed', error);
    else toast({ title: m.subscribe_failed(), description: m.subscribe_failed_text(), variant: 'destructive' });
  }
}

/** The `page.start` hook (site/lib/pageScripts.ts). */
export default function startSubscribe(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-subscribe]');
    if (button && !button.disabled) void subscribe(button);
  });
}
