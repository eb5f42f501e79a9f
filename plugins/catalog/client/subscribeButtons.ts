// Every Subscribe button on the page for one artist ([data-subscribe=artistId]) shows the same state:
// a subscription made (or ended, from the collection) anywhere on the page changes them all.
import * as m from '../../../lib/i18n/messages.ts';

export function markSubscription(artistId: number, subscribed: boolean): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>(`[data-subscribe="${artistId}"]`)) {
    button.disabled = subscribed;
    button.textContent = subscribed ? m.subscribed() : m.subscribe();
    if (subscribed) button.classList.replace('btn-outline-light', 'btn-gold');
    else button.classList.replace('btn-gold', 'btn-outline-light');
    const name = button.dataset.artistName ?? '';
    button.setAttribute('aria-label', subscribed ? m.subscribed_to({ name }) : m.subscribe_to({ name }));
  }
  // The artist page's way to the collection, where a subscription ends.
  for (const link of document.querySelectorAll<HTMLElement>(`[data-manage-subscription="${artistId}"]`))
    link.hidden = !subscribed;
}
