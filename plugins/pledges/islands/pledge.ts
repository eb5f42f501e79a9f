import { navigate } from 'astro:transitions/client';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { insufficientCredits, UPGRADE_PATH } from '../../credits/rules.ts';
import { cancelledToast, pledgedToast } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';

/** The page again from the server: the balance, the pledged list and the artist's total all moved. */
export function refreshPage(): Promise<void> {
  return navigate(`${location.pathname}${location.search}`, { history: 'replace' });
}

/** The dialog's checks (the server checks the same again), the request and its toast; true when pledged. */
export async function pledgeCredits(
  artist: { id: number; name: string } | null,
  amount: number,
  available: number,
  month: string,
): Promise<boolean> {
  if (!artist || !Number.isInteger(amount) || amount < 1) {
    toast({
      title: m.pledge_invalid(),
      description: artist ? m.api_invalid_amount() : m.api_select_artist(),
      variant: 'destructive',
    });
    return false;
  }
  if (amount > available) {
    toast({ title: m.pledge_insufficient(), description: insufficientCredits(available), variant: 'destructive' });
    return false;
  }
  try {
    await apiRequest('POST', '/api/pledges', { artistId: artist.id, credits: amount });
    toast({ ...pledgedToast(amount, artist.name, month), variant: 'success' });
    return true;
  } catch (error) {
    const description = messageOf(error, m.pledge_failed_text());
    toast({
      title: m.pledge_failed(),
      description,
      variant: 'destructive',
      // A trial fan pledging to next month's drop is offered the membership that brings those credits.
      ...(description === m.api_trial_next_month()
        ? { action: { label: m.pledge_upgrade(), href: localeHref(UPGRADE_PATH) } }
        : {}),
    });
    return false;
  }
}

export async function cancelPledge(id: number): Promise<boolean> {
  try {
    const { credits } = await apiRequest<{ credits: number }>('DELETE', `/api/pledges/${id}`);
    toast({ ...cancelledToast(credits), variant: 'success' });
    return true;
  } catch (error) {
    toast({
      title: m.pledge_cancel_failed(),
      description: messageOf(error, m.pledge_cancel_failed_text()),
      variant: 'destructive',
    });
    return false;
  }
}
