import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { toast } from '../../../site/stores/toasts.ts';

/** /admin/payouts: sends a closed month's failed transfers again now, then shows the month as it is. */
export default function RetryPayouts({ month }: { month: string }) {
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await apiRequest('POST', `/api/credits/payments/admin/${month}/retry`);
      window.location.reload();
    } catch (e) {
      setBusy(false);
      toast({ title: m.pay_retry_failed(), description: messageOf(e, m.pay_try_again()), variant: 'destructive' });
    }
  };
  return (
    <Button variant="outline-light" size="sm" disabled={busy} onClick={() => void retry()}>
      {busy ? m.pay_retrying() : m.pay_retry()}
    </Button>
  );
}
