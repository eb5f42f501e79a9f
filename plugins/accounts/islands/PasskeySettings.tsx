import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { PasskeyJson } from '../passkeys.ts';
import { PASSKEY_MESSAGES, passkeyBlocker } from '../rules.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Settings › Security: passkeys, a second way to sign in (the browser library loads on first use). */
export function PasskeySettings() {
  const [passkeys, setPasskeys] = useState<PasskeyJson[] | null>(null);
  const [blocker, setBlocker] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = () =>
    apiRequest<PasskeyJson[]>('GET', '/api/auth/passkeys')
      .then(setPasskeys)
      .catch((error) =>
        toast({
          title: 'Passkeys could not be loaded',
          description: messageOf(error, 'Try again in a moment.'),
          variant: 'destructive',
        }),
      );
  useEffect(() => {
    setBlocker(
      passkeyBlocker({
        hostname: location.hostname,
        secure: window.isSecureContext,
        supported: typeof window.PublicKeyCredential === 'function',
      }),
    );
    void load();
  }, []);

  const add = async () => {
    setBusy('add');
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const optionsJSON = await apiRequest<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        'POST',
        '/api/auth/passkeys/register/options',
      );
      const response = await startRegistration({ optionsJSON });
      await apiRequest('POST', '/api/auth/passkeys', { response });
      toast({ title: 'Passkey added', description: 'You can now sign in with it.', variant: 'success' });
      await load();
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      if (!cancelled)
        toast({
          title: 'Passkey not added',
          description: messageOf(error, error instanceof Error ? error.message : PASSKEY_MESSAGES.refused),
          variant: 'destructive',
        });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (passkey: PasskeyJson) => {
    setBusy(passkey.id);
    try {
      await apiRequest('DELETE', `/api/auth/passkeys/${encodeURIComponent(passkey.id)}`);
      toast({ title: 'Passkey removed', variant: 'success' });
      await load();
    } catch (error) {
      toast({
        title: 'Passkey not removed',
        description: messageOf(error, 'Try again in a moment.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="surface-card p-3 mt-3" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="h5">
        Passkeys
      </h2>
      <p className="text-secondary">
        Sign in with your fingerprint, face, screen lock or a security key instead of your password.
      </p>
      {!passkeys ? (
        <p className="text-secondary" role="status">
          <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
          Loading your passkeys…
        </p>
      ) : passkeys.length === 0 ? (
        <p data-testid="passkeys-empty">No passkey yet.</p>
      ) : (
        <ul className="list-unstyled mb-3" data-testid="passkeys">
          {passkeys.map((p) => (
            <li
              key={p.id}
              className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom border-secondary-subtle"
            >
              <div className="flex-grow-1">
                <strong>{p.name}</strong>
                <div className="small text-secondary">
                  Added {when(p.createdAt)} · {p.lastUsedAt ? `last used ${when(p.lastUsedAt)}` : 'not used yet'}
                </div>
              </div>
              <Button
                variant="outline-light"
                size="sm"
                disabled={busy !== null}
                aria-label={`Remove passkey ${p.name}`}
                onClick={() => void remove(p)}
              >
                {busy === p.id ? 'Removing…' : 'Remove'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button
        className="btn-gold"
        disabled={!!blocker || busy !== null}
        aria-describedby={blocker ? 'passkey-unsupported' : undefined}
        onClick={() => void add()}
      >
        {busy === 'add' ? 'Waiting for your passkey…' : 'Add a passkey'}
      </Button>
      {blocker && (
        <p id="passkey-unsupported" className="small text-secondary mt-2 mb-0" data-testid="passkey-blocker">
          {blocker}
        </p>
      )}
    </section>
  );
}
