import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { takeLinkToken } from './linkToken.ts';

/** The page a verification link opens: sends the fragment's token once and says how it went. */
export default function VerifyEmail() {
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    const token = takeLinkToken();
    if (!token) {
      setOutcome({ ok: false, message: m.api_recovery_bad_link() });
      return;
    }
    apiRequest<{ message: string }>('POST', '/api/auth/verify-email', { token })
      .then(({ message }) => setOutcome({ ok: true, message }))
      .catch((error) => setOutcome({ ok: false, message: messageOf(error, m.api_recovery_bad_link()) }));
  }, []);

  if (!outcome) {
    return (
      <p className="text-secondary" role="status">
        <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
        {m.recovery_verifying()}
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
        <Alert.Link href={localeHref('/')}>{m.recovery_go_home()}</Alert.Link>
      ) : (
        <Alert.Link href={localeHref('/profile')}>{m.recovery_new_from_settings()}</Alert.Link>
      )}
    </Alert>
  );
}
