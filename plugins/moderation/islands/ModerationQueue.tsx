import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { MESSAGE_TIME_FORMAT, useLocalFormat } from '../../../site/lib/dates.ts';
import { toast } from '../../../site/stores/toasts.ts';
import { checkFields } from '../../../api/validation/rules.ts';
import type { ModerationService } from '../service.ts';
import { actionRequired, actionRules, REASON_MAX_LENGTH, type ModerationAction } from '../rules.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';

export type QueueItem = Awaited<ReturnType<ModerationService['queue']>>[number];

/** What the actions that take something away do, said before they are confirmed (issue 44 point 15). */
const CONFIRMATIONS: Partial<Record<ModerationAction, () => string>> = {
  hide: m.moderation_confirm_hide,
  suspend: m.moderation_confirm_suspend,
};

/** Why an action cannot be taken on this item now, or null when it can. */
function unavailable(item: QueueItem, action: ModerationAction): string | null {
  const openAppeals = item.appeals.some((a) => a.status === 'open');
  switch (action) {
    case 'dismiss':
      return item.openReports || openAppeals ? null : m.moderation_nothing_open();
    case 'hide':
      return item.hidden ? m.moderation_already_hidden() : null;
    case 'suspend':
      return item.suspended ? m.moderation_already_suspended() : null;
    case 'restore':
      return item.hidden || item.suspended ? null : m.moderation_nothing_restore();
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
      toast({ title: m.moderation_action_done({ action }), description: item.label, variant: 'success' });
    } catch (failure) {
      setError(messageOf(failure, m.moderation_action_failed()));
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
        <span className="badge text-bg-secondary text-capitalize">{m.moderation_type({ type: item.type })}</span>
        <h2 id={`${id}-title`} className="h5 m-0 me-auto text-break">
          {item.link ? <a href={localeHref(item.link)}>{item.label}</a> : item.label}
          {item.type === 'track' && (
            <span className="text-secondary fs-6"> {m.moderation_by({ name: item.detail })}</span>
          )}
        </h2>
        {item.hidden && <span className="badge text-bg-danger">{m.moderation_hidden()}</span>}
        {item.suspended && <span className="badge text-bg-danger">{m.moderation_suspended()}</span>}
        <span className={`badge ${item.openReports ? 'text-bg-warning' : 'text-bg-dark'}`}>
          {m.moderation_open_reports({ count: item.openReports })}
        </span>
      </header>
      {(item.type === 'message' || item.type === 'comment') && (
        <blockquote className="moderation-quote small mb-2" dir="auto">
          {item.detail}
        </blockquote>
      )}
      <p className="small text-secondary mb-2">
        {m.moderation_owner({ name: item.ownerName })}
        {item.hiddenReason && <> · {m.moderation_hidden_because({ reason: item.hiddenReason })}</>}
        {item.suspensionReason && <> · {m.moderation_suspended_because({ reason: item.suspensionReason })}</>}
      </p>

      <details open={item.openReports > 0} className="mb-2">
        <summary>{m.moderation_reports({ count: item.reports.length })}</summary>
        <ul className="list-unstyled small mt-2 mb-0">
          {item.reports.map((r) => (
            <li key={r.id} className="moderation-entry">
              <strong>{m.report_reason_label({ reason: r.reason })}</strong> ·{' '}
              {r.reporterName ??
                (r.notice
                  ? m.moderation_notice_from({ name: r.notice.name, email: r.notice.email })
                  : m.moderation_deleted_account())}{' '}
              · <time dateTime={r.createdAt}>{format(r.createdAt, MESSAGE_TIME_FORMAT)}</time> ·{' '}
              <span className="text-secondary">{m.moderation_report_status({ status: r.status })}</span>
              {r.note && (
                <p className="mb-0 text-break" dir="auto">
                  {r.note}
                </p>
              )}
              {r.notice && (
                <p className="mb-0 text-secondary text-break">{m.moderation_where({ url: r.notice.trackUrl })}</p>
              )}
            </li>
          ))}
        </ul>
      </details>
      {item.appeals.length > 0 && (
        <details open className="mb-2">
          <summary>{m.moderation_appeal()}</summary>
          {item.appeals.map((a) => (
            <div key={a.id} className="small mt-2 moderation-entry">
              <span className="text-secondary">
                {m.moderation_appeal_state({ status: a.status })} ·{' '}
                <time dateTime={a.createdAt}>{format(a.createdAt, MESSAGE_TIME_FORMAT)}</time>
              </span>
              {a.counterNotice && (
                <span>
                  {' '}
                  · {m.moderation_counter_from({ name: a.counterNotice.name, email: a.counterNotice.email })}
                </span>
              )}
              <p className="mb-0 text-break" dir="auto">
                {a.message}
              </p>
            </div>
          ))}
        </details>
      )}
      {item.history.length > 0 && (
        <details className="mb-2">
          <summary>{m.moderation_history({ count: item.history.length })}</summary>
          <ol className="list-unstyled small mt-2 mb-0">
            {item.history.map((h) => (
              <li key={h.id}>
                <time dateTime={h.createdAt}>{format(h.createdAt, MESSAGE_TIME_FORMAT)}</time> ·{' '}
                {m.moderation_history_entry({
                  name: h.actorName,
                  action: m.moderation_action({ action: h.action }),
                  reason: h.reason,
                })}
              </li>
            ))}
          </ol>
        </details>
      )}

      <Form
        noValidate
        onSubmit={(event) => void act(event, 'dismiss')}
        aria-label={m.moderation_act_on({ label: item.label })}
      >
        <Form.Group controlId={`${id}-reason`} className="mb-2">
          <Form.Label className="small mb-1">{m.moderation_reason_label()}</Form.Label>
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
                {pending === action ? m.moderation_working() : m.moderation_action({ action })}
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
            <p className="mb-2">{CONFIRMATIONS[confirming]?.()}</p>
            <div className="d-flex flex-wrap gap-2">
              <Button size="sm" variant="danger" onClick={(event) => void act(event, confirming)}>
                {m.moderation_action_confirm({ action: confirming })}
              </Button>
              <Button size="sm" variant="outline-dark" onClick={() => setConfirming(null)}>
                {m.common_cancel()}
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
        <h2 className="h5">{m.moderation_queue_empty()}</h2>
        <p className="text-secondary mb-0">{m.moderation_queue_empty_text()}</p>
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
