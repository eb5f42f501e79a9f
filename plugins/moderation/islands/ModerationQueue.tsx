import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { MESSAGE_TIME_FORMAT, useLocalFormat } from '../../../site/lib/dates.ts';
import { plural } from '../../../lib/format.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { checkFields } from '../../../api/validation/rules.ts';
import type { ModerationService } from '../service.ts';
import { actionRequired, actionRules, REASON_LABELS, REASON_MAX_LENGTH, type ModerationAction } from '../rules.ts';

export type QueueItem = Awaited<ReturnType<ModerationService['queue']>>[number];

const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide track',
  suspend: 'Suspend account',
  restore: 'Restore',
};

/** What the actions that take something away do, said before they are confirmed (issue 44 point 15). */
const CONFIRMATIONS: Partial<Record<ModerationAction, string>> = {
  hide: 'Hide this track? It leaves every page, list and feed at once, and its artist is told your reason.',
  suspend: 'Suspend this account? Its pages and tracks are withheld, and it is told your reason.',
};

/** Why an action cannot be taken on this item now, or null when it can. */
function unavailable(item: QueueItem, action: ModerationAction): string | null {
  const openAppeals = item.appeals.some((a) => a.status === 'open');
  switch (action) {
    case 'dismiss':
      return item.openReports || openAppeals ? null : 'Nothing open to dismiss';
    case 'hide':
      return item.hidden ? 'Already hidden' : null;
    case 'suspend':
      return item.suspended ? 'Account already suspended' : null;
    case 'restore':
      return item.hidden || item.suspended ? null : 'Nothing to restore';
  }
}

function ItemCard({ initial }: { initial: QueueItem }) {
  const [item, setItem] = useState(initial);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState<ModerationAction | null>(null);
  const [confirming, setConfirming] = useState<ModerationAction | null>(null);
  const format = useLocalFormat();
  const id = `item-${item.type}-${item.id}`;

  async function act(event: FormEvent, action: ModerationAction) {
    event.preventDefault();
    const problem = Object.values(checkFields(actionRules, { action, reason }, actionRequired))[0];
    setError(problem ?? '');
    if (problem) return;
    if (CONFIRMATIONS[action] && confirming !== action) return setConfirming(action);
    setConfirming(null);
    setPending(action);
    try {
      setItem(
        await apiRequest<QueueItem>('POST', `/api/moderation/items/${item.type}/${item.id}/actions`, {
          action,
          reason,
        }),
      );
      setReason('');
      toast({ title: `${ACTION_LABELS[action]}: done`, description: item.label, variant: 'success' });
    } catch (failure) {
      setError(messageOf(failure, 'The action failed. Please try again.'));
    } finally {
      setPending(null);
    }
  }

  return (
    <article
      className="surface-card p-3 mb-3 moderation-item"
      aria-labelledby={`${id}-title`}
      data-testid="moderation-item"
    >
      <header className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span className="badge text-bg-secondary text-capitalize">{item.type}</span>
        <h2 id={`${id}-title`} className="h5 m-0 me-auto text-break">
          {item.link ? <a href={item.link}>{item.label}</a> : item.label}
          {item.type === 'track' && <span className="text-secondary fs-6"> by {item.detail}</span>}
        </h2>
        {item.hidden && <span className="badge text-bg-danger">Hidden</span>}
        {item.suspended && <span className="badge text-bg-danger">Account suspended</span>}
        <span className={`badge ${item.openReports ? 'text-bg-warning' : 'text-bg-dark'}`}>
          {plural(item.openReports, 'open report')}
        </span>
      </header>
      {(item.type === 'message' || item.type === 'comment') && (
        <blockquote className="moderation-quote small mb-2">{item.detail}</blockquote>
      )}
      <p className="small text-secondary mb-2">
        Owner: {item.ownerName}
        {item.hiddenReason && <> · Hidden: {item.hiddenReason}</>}
        {item.suspensionReason && <> · Suspended: {item.suspensionReason}</>}
      </p>

      <details open={item.openReports > 0} className="mb-2">
        <summary>Reports ({item.reports.length})</summary>
        <ul className="list-unstyled small mt-2 mb-0">
          {item.reports.map((r) => (
            <li key={r.id} className="moderation-entry">
              <strong>{REASON_LABELS[r.reason]}</strong> ·{' '}
              {r.reporterName ??
                (r.notice ? `Copyright notice from ${r.notice.name} <${r.notice.email}>` : 'Deleted account')}{' '}
              · <time dateTime={r.createdAt}>{format(r.createdAt, MESSAGE_TIME_FORMAT)}</time> ·{' '}
              <span className="text-secondary">{r.status}</span>
              {r.note && <p className="mb-0 text-break">{r.note}</p>}
              {r.notice && <p className="mb-0 text-secondary text-break">Where: {r.notice.trackUrl}</p>}
            </li>
          ))}
        </ul>
      </details>
      {item.appeals.length > 0 && (
        <details open className="mb-2">
          <summary>Appeal</summary>
          {item.appeals.map((a) => (
            <div key={a.id} className="small mt-2 moderation-entry">
              <span className="text-secondary">
                {a.status} · <time dateTime={a.createdAt}>{format(a.createdAt, MESSAGE_TIME_FORMAT)}</time>
              </span>
              {a.counterNotice && (
                <span>
                  {' '}
                  · Counter-notice from {a.counterNotice.name} &lt;{a.counterNotice.email}&gt;
                </span>
              )}
              <p className="mb-0 text-break">{a.message}</p>
            </div>
          ))}
        </details>
      )}
      {item.history.length > 0 && (
        <details className="mb-2">
          <summary>History ({item.history.length})</summary>
          <ol className="list-unstyled small mt-2 mb-0">
            {item.history.map((h) => (
              <li key={h.id}>
                <time dateTime={h.createdAt}>{format(h.createdAt, MESSAGE_TIME_FORMAT)}</time> · {h.actorName}:{' '}
                <strong>{h.action}</strong> — {h.reason}
              </li>
            ))}
          </ol>
        </details>
      )}

      <Form noValidate onSubmit={(event) => void act(event, 'dismiss')} aria-label={`Act on ${item.label}`}>
        <Form.Group controlId={`${id}-reason`} className="mb-2">
          <Form.Label className="small mb-1">
            Reason (recorded in the audit log; a takedown's reason is sent to the artist)
          </Form.Label>
          <LimitedText rows={2} max={REASON_MAX_LENGTH} value={reason} onChange={setReason} />
        </Form.Group>
        {error && (
          <p className="text-danger small" role="alert">
            {error}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          {item.actions.map((action) => {
            const why = unavailable(item, action);
            return (
              <Button
                key={action}
                size="sm"
                variant={action === 'hide' || action === 'suspend' ? 'outline-danger' : 'outline-light'}
                disabled={why !== null || pending !== null}
                title={why ?? undefined}
                aria-describedby={why ? `${id}-${action}-why` : undefined}
                onClick={(event) => void act(event, action)}
              >
                {pending === action ? 'Working…' : ACTION_LABELS[action]}
                {why && (
                  <span id={`${id}-${action}-why`} className="visually-hidden">
                    {' '}
                    ({why})
                  </span>
                )}
              </Button>
            );
          })}
        </div>
        {confirming && (
          <div className="alert alert-warning small mt-2 mb-0" role="alert" data-testid="moderation-confirm">
            <p className="mb-2">{CONFIRMATIONS[confirming]}</p>
            <div className="d-flex flex-wrap gap-2">
              <Button size="sm" variant="danger" onClick={(event) => void act(event, confirming)}>
                {ACTION_LABELS[confirming]}: confirm
              </Button>
              <Button size="sm" variant="outline-dark" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </Form>
    </article>
  );
}

/** The moderators' queue: each item with its reports, appeal and history, and the actions it allows. */
export default function ModerationQueue({ items }: { items: QueueItem[] }) {
  if (items.length === 0) {
    return (
      <div className="surface-card p-4 text-center">
        <h2 className="h5">Nothing to review</h2>
        <p className="text-secondary mb-0">New reports, copyright notices and appeals appear here.</p>
      </div>
    );
  }
  return (
    <>
      {items.map((item) => (
        <ItemCard key={`${item.type}:${item.id}`} initial={item} />
      ))}
    </>
  );
}
