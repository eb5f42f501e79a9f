import Form from 'react-bootstrap/Form';
import type { TakenDrop } from '../../present.ts';
import { earliestReleaseDay, formatDay, MIN_LEAD_DAYS } from '../../schedule.ts';
import { Field, Toggle } from './fields.tsx';
import { TakenDropText } from './MonthlyDrop.tsx';
import type { StepProps } from './types.ts';

/** Step 4 Delivery Options. `taken`: the drop already filling the month this release would go public in. */
export function StepDelivery({ draft, update, errors, today, taken }: StepProps & { taken: TakenDrop | null }) {
  const earliest = earliestReleaseDay(new Date(`${today}T00:00:00Z`));
  return (
    <>
      <Toggle
        id="release-asap"
        label="Release ASAP"
        hint="Public as soon as you submit (listed as processing for a minute or two while the streaming file is made)."
        checked={draft.releaseASAP}
        // Scheduling starts at the first day allowed, so the date picker opens there.
        onChange={(releaseASAP) =>
          update(
            releaseASAP
              ? { releaseASAP, releaseDate: '', enablePreSave: false }
              : { releaseASAP, releaseDate: draft.releaseDate || earliest },
          )
        }
      />
      {!draft.releaseASAP && (
        <Field
          id="release-date"
          label="Release Date"
          required
          error={errors.releaseDate}
          hint={`At least ${MIN_LEAD_DAYS} days from today: ${formatDay(earliest)} or later.`}
        >
          <Form.Control
            type="date"
            min={earliest}
            value={draft.releaseDate}
            isInvalid={!!errors.releaseDate}
            onChange={(e) => update({ releaseDate: e.target.value })}
          />
        </Field>
      )}
      <Toggle
        id="midnight-release"
        label="Midnight Release"
        hint="On: a scheduled release goes live at 00:00 of its day in each listener's own time zone. Off: at 00:00 UTC for everyone."
        checked={draft.midnightRelease}
        onChange={(midnightRelease) => update({ midnightRelease })}
      />
      <Toggle
        id="pre-save"
        label="Enable Pre-Save"
        hint={draft.releaseASAP ? 'Needs a scheduled release date.' : undefined}
        checked={draft.enablePreSave}
        disabled={draft.releaseASAP}
        onChange={(enablePreSave) => update({ enablePreSave })}
      />
      <Toggle
        id="monthly-drop"
        label="Monthly Drop"
        hint={
          taken ? (
            <>
              <TakenDropText drop={taken} /> This release will be a regular upload, or choose a release date in a later
              month.
            </>
          ) : (
            'Only one monthly drop per month.'
          )
        }
        checked={draft.isMonthlyDrop && !taken}
        disabled={!!taken}
        onChange={(isMonthlyDrop) => update({ isMonthlyDrop })}
      />
    </>
  );
}
