import Form from 'react-bootstrap/Form';
import * as m from '../../../../lib/i18n/messages.ts';
import { EARLIEST_PREVIOUS_RELEASE } from '../../schedule.ts';
import { Field, Toggle } from './fields.tsx';
import { NameFields } from './NameFields.tsx';
import type { StepProps } from './types.ts';

/** Step 1 Release Details. */
export function StepDetails({ draft, update, errors, today }: StepProps) {
  return (
    <>
      <NameFields prefix="release-" draft={draft} update={update} errors={errors} />
      <Toggle
        id="released-before"
        label={m.wizard_previously_released()}
        checked={draft.releasedBefore}
        onChange={(releasedBefore) =>
          update({ releasedBefore, previousReleaseDate: releasedBefore ? draft.previousReleaseDate : '' })
        }
      />
      {draft.releasedBefore && (
        <Field id="previous-release-date" label={m.wizard_previous_date()} required error={errors.previousReleaseDate}>
          <Form.Control
            type="date"
            min={EARLIEST_PREVIOUS_RELEASE}
            max={today}
            value={draft.previousReleaseDate}
            isInvalid={!!errors.previousReleaseDate}
            onChange={(e) => update({ previousReleaseDate: e.target.value })}
          />
        </Field>
      )}
    </>
  );
}
