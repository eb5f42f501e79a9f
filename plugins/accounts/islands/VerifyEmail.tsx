import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { RECOVERY_MESSAGES } from '../rules.ts';
import { takeLinkToken } from './linkToken.ts';

/** The page a verification link opens: sends the fragment's token once and says how it went. */
export default function VerifyEmail() {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    const token = takeLinkToken();
    if (!token) {
      setOutcome({ ok: false, message: RECOVERY_MESSAGES.badLink });
      return;
    }
    apiRequest<{ message: string }>('POST', '/api/auth/verify-email', { token })
      .then(({ message }) => setOutcome({ ok: true, message }))
      .catch((error) => setOutcome({ ok: false, message: messageOf(error, RECOVERY_MESSAGES.badLink) }));
  }, []);

  if (!outcome) {
    return (
      <p className="text-secondary" role="status">
        <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
        Verifying…
      </p>
    );
  }
  return (
    <Alert
      variant={outcome.ok ? 'success' : 'danger'}
      role={outcome.ok ? 'status' : 'alert'}
      data-testid="verify-outcome"
    >
      {outcome.message}{' '}
      {outcome.ok ? (
        <Alert.Link href="/">Go to OneTrack</Alert.Link>
      ) : (
        <Alert.Link href="/profile">Send a new link from Settings</Alert.Link>
      )}
    </Alert>
  );
}
