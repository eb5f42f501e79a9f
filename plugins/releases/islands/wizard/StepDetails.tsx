import Form from 'react-bootstrap/Form';
import { maxLengthOf } from '../../../../api/validation/rules.ts';
import { LimitedText } from '../../../../site/components/LimitedText.tsx';
import * as m from '../../../../lib/i18n/messages.ts';
import { GENRES, LANGUAGES, trackRules } from '../../rules.ts';
import { EARLIEST_PREVIOUS_RELEASE } from '../../schedule.ts';
import { Field, Select, Toggle } from './fields.tsx';
import type { StepProps } from './types.ts';

/** Step 1 Release Details. */
export function StepDetails({ draft, update, errors, today }: StepProps) {
  return (
    <>
      <Field id="release-title" label={m.wizard_release_title()} required error={errors.title}>
        <LimitedText
          value={draft.title}
          max={maxLengthOf(trackRules, 'title')}
          isInvalid={!!errors.title}
          onChange={(title) => update({ title })}
        />
      </Field>
      <Field id="release-label" label={m.wizard_label_optional()} error={errors.label}>
        <LimitedText
          value={draft.label}
          max={maxLengthOf(trackRules, 'label')}
          onChange={(label) => update({ label })}
        />
      </Field>
      <div className="row g-3">
        <div className="col-sm-6">
          <Field id="release-genre" label={m.wizard_genre()} required error={errors.genre}>
            <Select
              id="release-genre"
              value={draft.genre}
              options={GENRES}
              placeholder={m.wizard_pick_genre()}
              invalid={!!errors.genre}
              onChange={(genre) => update({ genre })}
            />
          </Field>
        </div>
        <div className="col-sm-6">
          <Field id="release-language" label={m.wizard_title_language()} required error={errors.language}>
            <Select
              id="release-language"
              value={draft.language}
              options={LANGUAGES}
              placeholder={m.wizard_pick_language()}
              invalid={!!errors.language}
              onChange={(language) => update({ language })}
            />
          </Field>
        </div>
      </div>
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
