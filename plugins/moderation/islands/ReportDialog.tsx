import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { ApiError, apiRequest } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { checkFields } from '../../../api/validation/rules.ts';
import { NOTE_MAX_LENGTH, REPORT_REASONS, reportRequired, reportRules, type ReportReason } from '../rules.ts';
import type { ReportTarget } from './ReportButton.tsx';
import { focusFirstField } from '../../../site/lib/useDialogs.tsx';
import * as m from '../../../lib/i18n/messages.ts';
import { aroundMark } from '../../../lib/i18n/format.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';

export default function ReportDialog({
  show,
  onHide,
  target,
  signedIn,
}: {
  show: boolean;
  onHide(): void;
  target: ReportTarget;
  signedIn: boolean;
}) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { targetType: target.type, targetId: target.id, reason: reason || undefined, note };
    const problem = Object.values(checkFields(reportRules, body, reportRequired))[0];
    // Of the fields the fan fills, only a reason can be missing (the note's field stops at its limit).
    if (problem) return setError(reason ? problem : m.api_pick_reason());
    setPending(true);
    try {
      await apiRequest('POST', '/api/reports', body);
      toast({ title: m.report_sent(), description: m.report_sent_text(), variant: 'success' });
      setReason('');
      setNote('');
      setError('');
      onHide();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.serverMessage : m.report_failed());
    } finally {
      setPending(false);
    }
  }

  const [loginBefore, loginAfter] = aroundMark((login) => m.report_login({ login }));
  const [holderBefore, holderAfter] = aroundMark((notice) => m.report_rights_holder({ notice }));
  const [askBefore, askAfter] = aroundMark((notice) => m.report_rights_question({ notice }));
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="report-title" onEntered={focusFirstField}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={m.dialog_close()}>
          <Modal.Title id="report-title">{m.report_title({ type: target.type })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-secondary">{m.report_quoted({ label: target.label })}</p>
          {!signedIn ? (
            <p data-testid="report-login">
              {loginBefore}
              <a href={localeHref('/login')}>{m.report_login_link()}</a>
              {loginAfter}{' '}
              {target.type === 'track' && (
                <>
                  {holderBefore}
                  <a href={localeHref('/copyright')}>{m.report_file_notice()}</a>
                  {holderAfter}
                </>
              )}
            </p>
          ) : (
            <>
              <fieldset className="mb-3">
                <legend className="form-label fs-6">{m.report_reason()}</legend>
                {REPORT_REASONS.map((value) => (
                  <Form.Check
                    key={value}
                    type="radio"
                    id={`report-reason-${value}`}
                    name="report-reason"
                    label={m.report_reason_label({ reason: value })}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />
                ))}
              </fieldset>
              {reason === 'copyright' && target.type === 'track' && (
                <p className="small text-secondary">
                  {askBefore}
                  <a href={localeHref('/copyright')}>{m.report_notice()}</a>
                  {askAfter}
                </p>
              )}
              <Form.Group controlId="report-note">
                <Form.Label>
                  {m.report_note()} <span className="text-secondary">{m.report_optional()}</span>
                </Form.Label>
                <LimitedText rows={3} max={NOTE_MAX_LENGTH} value={note} onChange={setNote} />
              </Form.Group>
              {error && (
                <p className="text-danger mt-2 mb-0" role="alert">
                  {error}
                </p>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-light" onClick={onHide}>
            {m.report_cancel()}
          </Button>
          {signedIn && (
            <Button type="submit" className="btn-gold" disabled={pending}>
              {pending ? m.report_sending() : m.report_send()}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
