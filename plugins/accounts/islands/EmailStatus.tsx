import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import * as m from '../../../lib/i18n/messages.ts';

/**
 * Under the Email field of Settings › Account: whether the address is verified, and a new link.
 * With mail configured an unverified account may not message or upload; without, the link goes
 * to the notifications (the demo) and nothing waits for it.
 */
export function EmailStatus({
  verified,
  mailConfigured,
  changed,
}: {
  verified: boolean;
  mailConfigured: boolean;
  changed: boolean;
}) {
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  if (changed) return <p className="form-text mb-3">{m.email_changed()}</p>;
  if (verified) {
    return (
      <p className="form-text mb-3" data-testid="email-status">
        <strong className="text-success">{m.email_verified()}</strong> {m.email_verified_text()}
      </p>
    );
  }
  const send = async () => {
    setPending(true);
    try {
      const { message } = await apiRequest<{ message: string }>('POST', '/api/auth/verify-email/send');
      setSent(message);
    } catch (error) {
      toast({
        title: m.email_no_link(),
        description: messageOf(error, m.recovery_send_failed()),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="form-text mb-3" data-testid="email-status">
      <p className="mb-2">
        <strong className="text-gold">{m.email_unverified()}</strong>{' '}
        {mailConfigured ? m.email_unverified_mail() : m.email_unverified_nomail()}
      </p>
      {sent ? (
        <p className="mb-0" role="status">
          {sent}
        </p>
      ) : (
        <Button variant="outline-light" size="sm" disabled={pending} onClick={() => void send()}>
          {pending ? m.common_sending() : m.email_send_link()}
        </Button>
      )}
    </div>
  );
}
