import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { allocatedToast, insufficientCredits } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';

export interface AllocationResult {
  allocation: {
    id: number;
    artistId: number;
    credits: number;
    allocationDate: string;
    artist: { name: string; genre: string | null } | null;
  };
  credits: number;
}

export interface Allocatable {
  artist: { id: number; name: string } | null;
  amount: number;
  available: number;
}

/**
 * The checks and toasts of spec §5/§8 shared by both allocation dialogs; the server checks the
 * same again. Resolves to the server's answer, or null when nothing was allocated.
 */
export async function allocateCredits(
  { artist, amount, available }: Allocatable,
  invalid: { title: string; description: string } = {
    title: m.credits_invalid_amount_title(),
    description: m.api_invalid_amount(),
  },
): Promise<AllocationResult | null> {
  if (!artist || !Number.isInteger(amount) || amount < 1) {
    toast({ ...invalid, variant: 'destructive' });
    return null;
  }
  if (amount > available) {
    toast({ title: m.credits_insufficient(), description: insufficientCredits(available), variant: 'destructive' });
    return null;
  }
  try {
    const result = await apiRequest<AllocationResult>('POST', '/api/credits/allocate', {
      artistId: artist.id,
      credits: amount,
    });
    toast({ ...allocatedToast(amount, artist.name), variant: 'success' });
    return result;
  } catch (error) {
    toast({
      title: m.credits_allocation_failed(),
      description: messageOf(error, m.credits_allocation_failed_text()),
      variant: 'destructive',
    });
    return null;
  }
}
