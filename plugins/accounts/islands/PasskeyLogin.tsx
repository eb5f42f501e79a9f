import { navigate } from 'astro:transitions/client';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { PASSKEY_MESSAGES } from '../rules.ts';

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
      toast({ title: 'Login successful', description: 'Welcome back to OneTrack', variant: 'success' });
      await navigate('/', { history: 'replace' });
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      if (!cancelled)
        toast({
          title: 'Login failed',
          description: messageOf(error, error instanceof Error ? error.message : PASSKEY_MESSAGES.refused),
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
        {pending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      {!supported && (
        <p id="passkey-login-unsupported" className="small text-secondary mt-1 mb-0">
          {PASSKEY_MESSAGES.unsupported}
        </p>
      )}
    </>
  );
}
