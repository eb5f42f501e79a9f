import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import type { PasskeyJson } from '../passkeys.ts';
import { passkeyBlocker } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { intlLocale } from '../../../lib/i18n/format.ts';

const when = (iso: string) => new Date(iso).toLocaleString(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' });

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
          title: m.passkeys_load_failed(),
          description: messageOf(error, m.common_try_again()),
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
      toast({ title: m.passkey_added(), description: m.passkey_added_text(), variant: 'success' });
      await load();
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      if (!cancelled)
        toast({
          title: m.passkey_not_added(),
          description: messageOf(error, error instanceof Error ? error.message : m.api_passkey_refused()),
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
      toast({ title: m.api_passkey_removed(), variant: 'success' });
      await load();
    } catch (error) {
      toast({
        title: m.passkey_not_removed(),
        description: messageOf(error, m.common_try_again()),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="surface-card p-3 mt-3" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="h5">
        {m.passkeys_title()}
      </h2>
      <p className="text-secondary">{m.passkeys_text()}</p>
      {!passkeys ? (
        <p className="text-secondary" role="status">
          <Spinner as="span" size="sm" className="me-2" aria-hidden="true" />
          {m.passkeys_loading()}
        </p>
      ) : passkeys.length === 0 ? (
        <p data-testid="passkeys-empty">{m.passkeys_empty()}</p>
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
                  {p.lastUsedAt
                    ? m.passkey_used({ added: when(p.createdAt), used: when(p.lastUsedAt) })
                    : m.passkey_unused({ added: when(p.createdAt) })}
                </div>
              </div>
              <Button
                variant="outline-light"
                size="sm"
                disabled={busy !== null}
                aria-label={m.passkey_remove_label({ name: p.name })}
                onClick={() => void remove(p)}
              >
                {busy === p.id ? m.passkey_removing() : m.passkey_remove()}
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
        {busy === 'add' ? m.passkey_waiting() : m.passkey_add()}
      </Button>
      {blocker && (
        <p id="passkey-unsupported" className="small text-secondary mt-2 mb-0" data-testid="passkey-blocker">
          {blocker}
        </p>
      )}
    </section>
  );
}
