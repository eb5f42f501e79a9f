import Form from 'react-bootstrap/Form';
import { maxLengthOf } from '../../../../api/validation/rules.ts';
import { LimitedText } from '../../../../site/components/LimitedText.tsx';
import { GENRES, LANGUAGES, trackRules } from '../../rules.ts';
import { EARLIEST_PREVIOUS_RELEASE } from '../../schedule.ts';
import { Field, Select, Toggle } from './fields.tsx';
import type { StepProps } from './types.ts';

/** Step 1 Release Details. */
export function StepDetails({ draft, update, errors, today }: StepProps) {
  return (
    <>
      <Field id="release-title" label="Release Title" required error={errors.title}>
        <LimitedText
          value={draft.title}
          max={maxLengthOf(trackRules, 'title')}
          isInvalid={!!errors.title}
          onChange={(title) => update({ title })}
        />
      </Field>
      <Field id="release-label" label="Label (optional)" error={errors.label}>
        <LimitedText
          value={draft.label}
          max={maxLengthOf(trackRules, 'label')}
          onChange={(label) => update({ label })}
        />
      </Field>
      <div className="row g-3">
        <div className="col-sm-6">
          <Field id="release-genre" label="Genre" required error={errors.genre}>
            <Select
              id="release-genre"
              value={draft.genre}
              options={GENRES}
              placeholder="Select a genre"
              invalid={!!errors.genre}
              onChange={(genre) => update({ genre })}
            />
          </Field>
        </div>
        <div className="col-sm-6">
          <Field id="release-language" label="Language of Title" required error={errors.language}>
            <Select
              id="release-language"
              value={draft.language}
              options={LANGUAGES}
              placeholder="Select a language"
              invalid={!!errors.language}
              onChange={(language) => update({ language })}
            />
          </Field>
        </div>
      </div>
      <Toggle
        id="released-before"
        label="Previously Released"
        checked={draft.releasedBefore}
        onChange={(releasedBefore) =>
          update({ releasedBefore, previousReleaseDate: releasedBefore ? draft.previousReleaseDate : '' })
        }
      />
      {draft.releasedBefore && (
        <Field id="previous-release-date" label="Previous Release Date" required error={errors.previousReleaseDate}>
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
