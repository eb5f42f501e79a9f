import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checkFields } from '../../../api/validation/rules.ts';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { blockRules, DOMAIN_MAX } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localDay } from '../../../lib/i18n/format.ts';

/** A reserved example name (RFC 6761), the same in every language. */
const EXAMPLE_DOMAIN = 'spam.example';

interface Blocked {
  domain: string;
  blockedAt: string;
}

/** The admins' list of remote domains OneTrack does not federate with: add one, lift one. */
export default function BlockedDomains({ initial }: { initial: Blocked[] }) {
  const [domains, setDomains] = useState(initial);
  const [domain, setDomain] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState<string | null>(null);

  const block = async (event: FormEvent) => {
    event.preventDefault();
    // The field stops at its length, so a problem is always the rule's badDomain text: said in the page's language.
    const problem = checkFields(blockRules, { domain: domain.trim() }, ['domain']).domain
      ? m.api_federation_bad_domain()
      : '';
    setError(problem);
    if (problem) return;
    setPending('add');
    try {
      const added = await apiRequest<{ domain: string; artistsAffected: number }>('POST', '/api/federation/blocks', {
        domain,
      });
      setDomains((list) => [
        ...list.filter((d) => d.domain !== added.domain),
        { domain: added.domain, blockedAt: new Date().toISOString() },
      ]);
      setDomain('');
      toast({
        title: m.federation_domain_blocked(),
        description: m.federation_domain_blocked_text({ domain: added.domain }),
        variant: 'success',
      });
    } catch (failure) {
      setError(messageOf(failure, m.federation_block_failed()));
    } finally {
      setPending(null);
    }
  };

  const lift = async (name: string) => {
    setPending(name);
    try {
      await apiRequest('DELETE', `/api/federation/blocks/${encodeURIComponent(name)}`);
      setDomains((list) => list.filter((d) => d.domain !== name));
      toast({
        title: m.federation_block_lifted(),
        description: m.federation_block_lifted_text({ domain: name }),
        variant: 'success',
      });
    } catch (failure) {
      toast({
        title: m.federation_not_lifted(),
        description: messageOf(failure, m.federation_try_again()),
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <Form noValidate onSubmit={block} className="surface-card p-3 mb-3" aria-label={m.federation_block_domain()}>
        <Form.Group controlId="blocked-domain">
          <Form.Label className="fw-bold">{m.federation_block_domain()}</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
              placeholder={EXAMPLE_DOMAIN}
              maxLength={DOMAIN_MAX}
              isInvalid={!!error}
              aria-describedby="blocked-domain-help"
              autoCapitalize="none"
              spellCheck={false}
            />
            <Button type="submit" className="btn-gold" disabled={pending !== null}>
              {pending === 'add' ? m.federation_blocking() : m.federation_block()}
            </Button>
          </div>
          <Form.Text id="blocked-domain-help" className="text-secondary">
            {m.federation_block_help()}
          </Form.Text>
          {error && <div className="invalid-feedback d-block">{error}</div>}
        </Form.Group>
      </Form>
      {domains.length ? (
        <ul className="list-unstyled surface-card px-3 py-1" aria-label={m.federation_blocked_domains()}>
          {domains.map((d) => (
            <li key={d.domain} className="d-flex justify-content-between align-items-center gap-2 py-2">
              <span className="text-break">
                {d.domain} <span className="text-secondary small">{m.fedi_since({ day: localDay(d.blockedAt) })}</span>
              </span>
              <Button
                size="sm"
                variant="outline-light"
                disabled={pending !== null}
                onClick={() => void lift(d.domain)}
                aria-label={m.federation_lift_label({ domain: d.domain })}
              >
                {pending === d.domain ? m.federation_lifting() : m.federation_lift()}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-secondary">{m.federation_none_blocked()}</p>
      )}
    </>
  );
}
