import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { checkFields } from '../../../api/validation/rules.ts';
import { appealRequired, appealRules, FIELD_MAX_LENGTH, MESSAGES, NOTE_MAX_LENGTH } from '../rules.ts';
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
        <h2 className="h5">
          Your appeal is {takedown.appeal.status === 'open' ? 'with the moderators' : takedown.appeal.status}
        </h2>
        <p className="text-secondary mb-0">{takedown.appeal.message}</p>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = takedown.copyright ? { message, name, email, goodFaith } : { message };
    const problems = checkFields(appealRules, body, appealRequired);
    const incomplete = takedown.copyright && (!name.trim() || !email.trim() || !goodFaith);
    const problem = problems.message ?? (incomplete ? MESSAGES.counterNotice : (Object.values(problems)[0] ?? ''));
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      setTakedown(await apiRequest<Takedown>('POST', `/api/appeals/${takedown.trackId}`, body));
    } catch (failure) {
      setError(messageOf(failure, 'The appeal could not be sent. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Form
      noValidate
      onSubmit={submit}
      className="surface-card p-3 p-md-4"
      aria-label={takedown.copyright ? 'Counter-notice' : 'Appeal'}
    >
      <h2 className="h5">{takedown.copyright ? 'Counter-notice' : 'Appeal'}</h2>
      <p className="small text-secondary">
        You can appeal once. A moderator reviews it and restores the track if the takedown was wrong.
      </p>
      <Form.Group controlId="appeal-message" className="mb-3">
        <Form.Label>Why the takedown is wrong</Form.Label>
        <LimitedText rows={4} max={NOTE_MAX_LENGTH} value={message} onChange={setMessage} />
      </Form.Group>
      {takedown.copyright && (
        <>
          <Form.Group controlId="appeal-name" className="mb-3">
            <Form.Label>Your full name</Form.Label>
            <LimitedText quiet max={FIELD_MAX_LENGTH} value={name} onChange={setName} />
          </Form.Group>
          <Form.Group controlId="appeal-email" className="mb-3">
            <Form.Label>Email</Form.Label>
            <LimitedText quiet type="email" max={FIELD_MAX_LENGTH} value={email} onChange={setEmail} />
            <Form.Text className="text-secondary">
              Sent to the person who filed the notice, as a counter-notice requires.
            </Form.Text>
          </Form.Group>
          <Form.Check
            id="appeal-good-faith"
            className="mb-3"
            checked={goodFaith}
            onChange={(event) => setGoodFaith(event.target.checked)}
            label={
              'I believe in good faith that the track was removed by mistake or ' +
              'misidentification, and I consent to be contacted about this dispute.'
            }
          />
        </>
      )}
      {error && (
        <p className="text-danger" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" className="btn-gold" disabled={pending}>
        {pending ? 'Sending…' : takedown.copyright ? 'Send Counter-notice' : 'Send Appeal'}
      </Button>
    </Form>
  );
}
