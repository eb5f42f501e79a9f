import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { checkFields } from '../../../api/validation/rules.ts';
import { FIELD_MAX_LENGTH, NOTE_MAX_LENGTH, noticeRequired, noticeRules } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';

type Field = 'trackUrl' | 'work' | 'name' | 'email';

// The texts are messages called at render time, in the page's language.
const FIELDS: Array<{ name: Field; label: () => string; help: () => string; rows?: number; type?: string }> = [
  {
    name: 'trackUrl',
    label: m.moderation_notice_where,
    help: () => m.moderation_notice_where_help({ example: 'https://onetrack.example/tracks/42' }),
  },
  { name: 'work', label: m.moderation_notice_work, help: m.moderation_notice_work_help, rows: 4 },
  { name: 'name', label: m.moderation_notice_name, help: m.moderation_notice_name_help },
  { name: 'email', label: m.auth_email, help: m.moderation_notice_email_help, type: 'email' },
];

/** The copyright notice anyone can file, without an account. */
export default function NoticeForm({ trackUrl = '' }: { trackUrl?: string }) {
  const [values, setValues] = useState<Record<Field, string>>({ trackUrl, work: '', name: '', email: '' });
  const [goodFaith, setGoodFaith] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...values, goodFaith };
    const problems = checkFields(noticeRules, body, noticeRequired);
    if (!goodFaith) problems.goodFaith = m.api_moderation_good_faith();
    setErrors(problems);
    setFailure('');
    if (Object.keys(problems).length) return;
    setPending(true);
    try {
      await apiRequest('POST', '/api/copyright-notices', body);
      setSent(true);
    } catch (error) {
      setFailure(messageOf(error, m.moderation_notice_failed()));
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <div className="surface-card p-4" role="status">
        <h2 className="h5">{m.moderation_notice_received()}</h2>
        <p className="text-secondary mb-0">{m.moderation_notice_received_text({ email: values.email })}</p>
      </div>
    );
  }

  return (
    <Form noValidate onSubmit={submit} className="surface-card p-3 p-md-4" aria-label={m.moderation_notice_form()}>
      {FIELDS.map((field) => (
        <Form.Group key={field.name} controlId={`notice-${field.name}`} className="mb-3">
          <Form.Label>{field.label()}</Form.Label>
          <LimitedText
            rows={field.rows}
            type={field.type}
            quiet={!field.rows}
            max={field.name === 'work' ? NOTE_MAX_LENGTH : FIELD_MAX_LENGTH}
            value={values[field.name]}
            onChange={(value: string) => setValues((current) => ({ ...current, [field.name]: value }))}
            isInvalid={!!errors[field.name]}
            aria-describedby={`notice-${field.name}-help`}
          />
          <Form.Text id={`notice-${field.name}-help`} className="text-secondary">
            {field.help()}
          </Form.Text>
          {errors[field.name] && <div className="invalid-feedback d-block">{errors[field.name]}</div>}
        </Form.Group>
      ))}
      <Form.Check
        id="notice-good-faith"
        className="mb-3"
        checked={goodFaith}
        onChange={(event) => setGoodFaith(event.target.checked)}
        isInvalid={!!errors.goodFaith}
        label={m.moderation_notice_statement()}
      />
      {errors.goodFaith && <div className="invalid-feedback d-block mb-3">{errors.goodFaith}</div>}
      {failure && (
        <p className="text-danger" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" className="btn-gold" disabled={pending}>
        {pending ? m.common_sending() : m.moderation_notice_send()}
      </Button>
    </Form>
  );
}
