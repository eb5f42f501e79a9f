import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { ApiError, apiRequest } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { checkFields } from '../../../api/validation/rules.ts';
import {
  NOTE_MAX_LENGTH,
  REASON_LABELS,
  REPORT_REASONS,
  reportRequired,
  reportRules,
  type ReportReason,
} from '../rules.ts';
import type { ReportTarget } from './ReportButton.tsx';
import { focusFirstField } from '../../../site/lib/useDialogs.tsx';

const NOUN = { track: 'track', artist: 'artist', message: 'message', comment: 'comment' } as const;

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
    if (problem) return setError(problem);
    setPending(true);
    try {
      await apiRequest('POST', '/api/reports', body);
      toast({ title: 'Report sent', description: 'Thank you. A moderator will look at it.', variant: 'success' });
      setReason('');
      setNote('');
      setError('');
      onHide();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.serverMessage : 'Could not send the report. Please try again.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="report-title" onEntered={focusFirstField}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id="report-title">Report this {NOUN[target.type]}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-secondary">“{target.label}”</p>
          {!signedIn ? (
            <p data-testid="report-login">
              <a href="/login">Log in</a> to report.{' '}
              {target.type === 'track' && (
                <>
                  A rights holder can also <a href="/copyright">file a copyright notice</a> without an account.
                </>
              )}
            </p>
          ) : (
            <>
              <fieldset className="mb-3">
                <legend className="form-label fs-6">Reason</legend>
                {REPORT_REASONS.map((value) => (
                  <Form.Check
                    key={value}
                    type="radio"
                    id={`report-reason-${value}`}
                    name="report-reason"
                    label={REASON_LABELS[value]}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />
                ))}
              </fieldset>
              {reason === 'copyright' && target.type === 'track' && (
                <p className="small text-secondary">
                  Are you the rights holder? A <a href="/copyright">copyright notice</a> gives us what we need to act.
                </p>
              )}
              <Form.Group controlId="report-note">
                <Form.Label>
                  Note <span className="text-secondary">(optional)</span>
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
            Cancel
          </Button>
          {signedIn && (
            <Button type="submit" className="btn-gold" disabled={pending}>
              {pending ? 'Sending…' : 'Send Report'}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
