import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checkFields } from '../../../api/validation/rules.ts';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { blockRules, DOMAIN_MAX } from '../rules.ts';

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
    const problem = checkFields(blockRules, { domain: domain.trim() }, ['domain']).domain ?? '';
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
        title: 'Domain blocked',
        description: `${added.domain} can no longer follow artists here`,
        variant: 'success',
      });
    } catch (failure) {
      setError(messageOf(failure, 'The domain could not be blocked'));
    } finally {
      setPending(null);
    }
  };

  const lift = async (name: string) => {
    setPending(name);
    try {
      await apiRequest('DELETE', `/api/federation/blocks/${encodeURIComponent(name)}`);
      setDomains((list) => list.filter((d) => d.domain !== name));
      toast({ title: 'Block lifted', description: `${name} may follow artists again`, variant: 'success' });
    } catch (failure) {
      toast({ title: 'Not lifted', description: messageOf(failure, 'Try again'), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <Form noValidate onSubmit={block} className="surface-card p-3 mb-3" aria-label="Block a domain">
        <Form.Group controlId="blocked-domain">
          <Form.Label className="fw-bold">Block a domain</Form.Label>
          <div className="d-flex gap-2">
            <Form.Control
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
              placeholder="spam.example"
              maxLength={DOMAIN_MAX}
              isInvalid={!!error}
              aria-describedby="blocked-domain-help"
              autoCapitalize="none"
              spellCheck={false}
            />
            <Button type="submit" className="btn-gold" disabled={pending !== null}>
              {pending === 'add' ? 'Blocking…' : 'Block'}
            </Button>
          </div>
          <Form.Text id="blocked-domain-help" className="text-secondary">
            Its follows are refused, deliveries to it stop, and its followers are removed.
          </Form.Text>
          {error && <div className="invalid-feedback d-block">{error}</div>}
        </Form.Group>
      </Form>
      {domains.length ? (
        <ul className="list-unstyled surface-card px-3 py-1" aria-label="Blocked domains">
          {domains.map((d) => (
            <li key={d.domain} className="d-flex justify-content-between align-items-center gap-2 py-2">
              <span className="text-break">
                {d.domain} <span className="text-secondary small">since {d.blockedAt.slice(0, 10)}</span>
              </span>
              <Button
                size="sm"
                variant="outline-light"
                disabled={pending !== null}
                onClick={() => void lift(d.domain)}
                aria-label={`Lift the block of ${d.domain}`}
              >
                {pending === d.domain ? 'Lifting…' : 'Lift'}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-secondary">No domain is blocked.</p>
      )}
    </>
  );
}
