import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';

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

  if (changed) return <p className="form-text mb-3">A new address is verified by a link sent to it once you save.</p>;
  if (verified) {
    return (
      <p className="form-text mb-3" data-testid="email-status">
        <strong className="text-success">Verified.</strong> This address is confirmed as yours.
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
        title: 'No link sent',
        description: messageOf(error, 'The link could not be sent. Try again in a moment.'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="form-text mb-3" data-testid="email-status">
      <p className="mb-2">
        <strong className="text-gold">Not verified.</strong>{' '}
        {mailConfigured
          ? 'Until you open the link we sent to this address, you can listen, subscribe and allocate credits, but not send messages or upload.'
          : 'This server sends no e-mail (an operator must configure mail), so nothing waits for it: the link goes to your notifications.'}
      </p>
      {sent ? (
        <p className="mb-0" role="status">
          {sent}
        </p>
      ) : (
        <Button variant="outline-light" size="sm" disabled={pending} onClick={() => void send()}>
          {pending ? 'Sending…' : 'Send verification link'}
        </Button>
      )}
    </div>
  );
}
