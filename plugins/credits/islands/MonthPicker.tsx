import Form from 'react-bootstrap/Form';
import * as m from '../../../lib/i18n/messages.ts';
import { localMonth } from '../../../lib/i18n/format.ts';

/** Chooses one of the months a statement exists for (newest first). */
export function MonthPicker({
  id,
  months,
  value,
  onChange,
  disabled,
}: {
  id: string;
  months: string[];
  value: string;
  onChange(month: string): void;
  disabled?: boolean;
}) {
  return (
    <Form.Group controlId={id} className="d-flex align-items-center gap-2 statement-month">
      <Form.Label className="mb-0 text-secondary small">{m.credits_month()}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {months.map((month) => (
          <option key={month} value={month}>
            {localMonth(month)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** "Final" once the month has settled, "In progress" before. */
export function StatementStatus({ final }: { final: boolean }) {
  return final ? (
    <span className="badge text-bg-success">{m.credits_final()}</span>
  ) : (
    <span className="badge text-bg-secondary">{m.credits_in_progress()}</span>
  );
}
