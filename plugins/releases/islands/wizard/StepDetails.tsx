import Form from 'react-bootstrap/Form';
import { GENRES, LANGUAGES } from '../../rules.ts';
import { EARLIEST_PREVIOUS_RELEASE } from '../../schedule.ts';
import { Field, Select, Toggle } from './fields.tsx';
import type { StepProps } from './types.ts';

/** Step 1 Release Details. */
export function StepDetails({ draft, update, errors, today }: StepProps) {
  return (
    <>
      <Field id="release-title" label="Release Title" required error={errors.title}>
        <Form.Control value={draft.title} maxLength={100} isInvalid={!!errors.title} onChange={(e) => update({ title: e.target.value })} />
      </Field>
      <Field id="release-label" label="Label (optional)" error={errors.label}>
        <Form.Control value={draft.label} maxLength={100} onChange={(e) => update({ label: e.target.value })} />
      </Field>
      <div className="row g-3">
        <div className="col-sm-6">
          <Field id="release-genre" label="Genre" required error={errors.genre}>
            <Select id="release-genre" value={draft.genre} options={GENRES} placeholder="Select a genre" invalid={!!errors.genre} onChange={(genre) => update({ genre })} />
          </Field>
        </div>
        <div className="col-sm-6">
          <Field id="release-language" label="Language of Title" required error={errors.language}>
            <Select id="release-language" value={draft.language} options={LANGUAGES} placeholder="Select a language" invalid={!!errors.language} onChange={(language) => update({ language })} />
          </Field>
        </div>
      </div>
      <Toggle id="released-before" label="Previously Released" checked={draft.releasedBefore} onChange={(releasedBefore) => update({ releasedBefore, previousReleaseDate: releasedBefore ? draft.previousReleaseDate : '' })} />
      {draft.releasedBefore && (
        <Field id="previous-release-date" label="Previous Release Date" required error={errors.previousReleaseDate}>
          <Form.Control type="date" min={EARLIEST_PREVIOUS_RELEASE} max={today} value={draft.previousReleaseDate} isInvalid={!!errors.previousReleaseDate} onChange={(e) => update({ previousReleaseDate: e.target.value })} />
        </Field>
      )}
    </>
  );
}
