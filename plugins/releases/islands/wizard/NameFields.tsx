import { maxLengthOf } from '../../../../api/validation/rules.ts';
import { LimitedText } from '../../../../site/components/LimitedText.tsx';
import * as m from '../../../../lib/i18n/messages.ts';
import type { FieldErrors, ReleaseDraft } from '../../form.ts';
import { genreName } from '../../../../lib/genreNames.ts';
import { languageName } from '../../optionNames.ts';
import { GENRES, LANGUAGES, trackRules } from '../../rules.ts';
import { Field, Select } from './fields.tsx';

// What a release is called, in the wizard's first step and in the edit form alike: title, label,
// genre and the title's language. `prefix` keeps the two forms' ids apart ('release-…', 'edit-…').

type Names = Pick<ReleaseDraft, 'title' | 'label' | 'genre' | 'language'>;

export function NameFields(props: {
  prefix: string;
  draft: Names;
  update(patch: Partial<Names>): void;
  errors: FieldErrors;
}) {
  const { prefix, draft, update, errors } = props;
  return (
    <>
      <Field id={`${prefix}title`} label={m.wizard_release_title()} required error={errors.title}>
        <LimitedText
          value={draft.title}
          max={maxLengthOf(trackRules, 'title')}
          isInvalid={!!errors.title}
          onChange={(title) => update({ title })}
        />
      </Field>
      <Field id={`${prefix}label`} label={m.wizard_label_optional()} error={errors.label}>
        <LimitedText
          value={draft.label}
          max={maxLengthOf(trackRules, 'label')}
          onChange={(label) => update({ label })}
        />
      </Field>
      <div className="row g-3">
        <div className="col-sm-6">
          <Field id={`${prefix}genre`} label={m.wizard_genre()} required error={errors.genre}>
            <Select
              id={`${prefix}genre`}
              value={draft.genre}
              options={GENRES}
              label={genreName}
              placeholder={m.wizard_pick_genre()}
              invalid={!!errors.genre}
              onChange={(genre) => update({ genre })}
            />
          </Field>
        </div>
        <div className="col-sm-6">
          <Field id={`${prefix}language`} label={m.wizard_title_language()} required error={errors.language}>
            <Select
              id={`${prefix}language`}
              value={draft.language}
              options={LANGUAGES}
              label={languageName}
              placeholder={m.wizard_pick_language()}
              invalid={!!errors.language}
              onChange={(language) => update({ language })}
            />
          </Field>
        </div>
      </div>
    </>
  );
}
