import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { MessageJSON } from '../models.ts';
import * as m from '../../../lib/i18n/messages.ts';

export type { MessageJSON };

/** Posts a message; on failure shows the spec's toast (`failedTitle`) and resolves to null. */
export async function sendMessage(
  body: { recipientId: number; content: string; subject?: string | null },
  failedTitle: string,
): Promise<MessageJSON | null> {
  try {
    return await apiRequest<MessageJSON>('POST', '/api/messages', body);
  } catch (error) {
    toast({ title: failedTitle, description: messageOf(error, m.messages_try_later()), variant: 'destructive' });
    return null;
  }
}
