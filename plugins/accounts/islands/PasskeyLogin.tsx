import { navigate } from 'astro:transitions/client';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';

/** "Sign in with a passkey" under the login form (the browser library loads on the click). */
export function PasskeyLogin() {
  const [supported, setSupported] = useState(true);
  const [pending, setPending] = useState(false);
  useEffect(() => setSupported(typeof window.PublicKeyCredential === 'function'), []);

  const signIn = async () => {
    setPending(true);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const optionsJSON = await apiRequest<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        'POST',
        '/api/auth/passkeys/login/options',
      );
      const response = await startAuthentication({ optionsJSON });
      await apiRequest('POST', '/api/auth/passkeys/login', { response });
      toast({ title: m.auth_login_ok(), description: m.auth_login_ok_text(), variant: 'success' });
      await navigate(localeHref('/'), { history: 'replace' });
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      if (!cancelled)
        toast({
          title: m.auth_login_failed(),
          description: messageOf(error, error instanceof Error ? error.message : m.api_passkey_refused()),
          variant: 'destructive',
        });
      setPending(false);
    }
  };

  return (
    <>
      <Button
        type="button"
        variant="outline-light"
        className="w-100 mt-2"
        disabled={!supported || pending}
        aria-describedby={supported ? undefined : 'passkey-login-unsupported'}
        onClick={() => void signIn()}
      >
        {pending ? m.passkey_waiting() : m.passkey_sign_in()}
      </Button>
      {!supported && (
        <p id="passkey-login-unsupported" className="small text-secondary mt-1 mb-0">
          {m.passkey_unsupported()}
        </p>
      )}
    </>
  );
}
