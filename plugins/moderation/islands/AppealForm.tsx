import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { checkFields } from '../../../api/validation/rules.ts';
import { appealRequired, appealRules, FIELD_MAX_LENGTH, NOTE_MAX_LENGTH } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import type { ModerationService } from '../service.ts';

type Takedown = NonNullable<Awaited<ReturnType<ModerationService['takedown']>>>;

/** The artist's one appeal of a takedown; a copyright takedown's appeal is a counter-notice. */
export default function AppealForm({ takedown: initial }: { takedown: Takedown }) {
  const [takedown, setTakedown] = useState(initial);
  const [message, setMessage] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [goodFaith, setGoodFaith] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  if (takedown.appeal) {
    return (
      <div className="surface-card p-4" role="status" data-testid="appeal-status">
        <h2 className="h5">{m.moderation_appeal_status({ status: takedown.appeal.status })}</h2>
        <p className="text-secondary mb-0" dir="auto">
          {takedown.appeal.message}
        </p>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = takedown.copyright ? { message, name, email, goodFaith } : { message };
    const problems = checkFields(appealRules, body, appealRequired);
    const incomplete = takedown.copyright && (!name.trim() || !email.trim() || !goodFaith);
    const problem =
      problems.message ?? (incomplete ? m.api_moderation_counter_notice() : (Object.values(problems)[0] ?? ''));
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      setTakedown(await apiRequest<Takedown>('POST', `/api/appeals/${takedown.trackId}`, body));
    } catch (failure) {
      setError(messageOf(failure, m.moderation_appeal_failed()));
    } finally {
      setPending(false);
    }
  }

  return (
    <Form
      noValidate
      onSubmit={submit}
      className="surface-card p-3 p-md-4"
      aria-label={takedown.copyright ? m.moderation_counter_notice() : m.moderation_appeal()}
    >
      <h2 className="h5">{takedown.copyright ? m.moderation_counter_notice() : m.moderation_appeal()}</h2>
      <p className="small text-secondary">{m.moderation_appeal_once()}</p>
      <Form.Group controlId="appeal-message" className="mb-3">
        <Form.Label>{m.moderation_appeal_why()}</Form.Label>
        <LimitedText rows={4} max={NOTE_MAX_LENGTH} value={message} onChange={setMessage} />
      </Form.Group>
      {takedown.copyright && (
        <>
          <Form.Group controlId="appeal-name" className="mb-3">
            <Form.Label>{m.moderation_full_name()}</Form.Label>
            <LimitedText quiet max={FIELD_MAX_LENGTH} value={name} onChange={setName} />
          </Form.Group>
          <Form.Group controlId="appeal-email" className="mb-3">
            <Form.Label>{m.auth_email()}</Form.Label>
            <LimitedText quiet type="email" max={FIELD_MAX_LENGTH} value={email} onChange={setEmail} />
            <Form.Text className="text-secondary">{m.moderation_counter_email_help()}</Form.Text>
          </Form.Group>
          <Form.Check
            id="appeal-good-faith"
            className="mb-3"
            checked={goodFaith}
            onChange={(event) => setGoodFaith(event.target.checked)}
            label={m.moderation_counter_statement()}
          />
        </>
      )}
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" className="btn-gold" disabled={pending}>
        {pending ? m.common_sending() : takedown.copyright ? m.moderation_send_counter() : m.moderation_send_appeal()}
      </Button>
    </Form>
  );
}
