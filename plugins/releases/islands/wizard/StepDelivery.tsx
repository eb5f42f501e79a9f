import Form from 'react-bootstrap/Form';
import * as m from '../../../../lib/i18n/messages.ts';
import type { TakenDrop } from '../../present.ts';
import { releaseTooSoon } from '../../rules.ts';
import { earliestReleaseDay, formatDay, MIN_LEAD_DAYS } from '../../schedule.ts';
import { Field, Toggle } from './fields.tsx';
import { TakenDropText } from './MonthlyDrop.tsx';
import type { StepProps } from './types.ts';

/** Step 4 Delivery Options. `taken`: the drop already filling the month this release would go public in. */
export function StepDelivery({ draft, update, errors, today, taken }: StepProps & { taken: TakenDrop | null }) {
  const earliest = earliestReleaseDay(new Date(`${today}T00:00:00Z`));
  const lead = { days: MIN_LEAD_DAYS, day: formatDay(earliest) };
  return (
    <>
      <Toggle
        id="release-asap"
        label={m.wizard_asap()}
        hint={m.wizard_asap_hint()}
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
          label={m.wizard_release_date()}
          required
          error={
            // The lead-time rule names its first day: form.ts's English, said here in the page's language.
            errors.releaseDate === releaseTooSoon(earliest) ? m.wizard_release_too_soon(lead) : errors.releaseDate
          }
          hint={m.wizard_release_date_hint(lead)}
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
        label={m.wizard_midnight()}
        hint={m.wizard_midnight_hint()}
        checked={draft.midnightRelease}
        onChange={(midnightRelease) => update({ midnightRelease })}
      />
      <Toggle
        id="pre-save"
        label={m.wizard_presave()}
        hint={draft.releaseASAP ? m.wizard_presave_hint() : undefined}
        checked={draft.enablePreSave}
        disabled={draft.releaseASAP}
        onChange={(enablePreSave) => update({ enablePreSave })}
      />
      <Toggle
        id="monthly-drop"
        label={m.wizard_monthly_drop()}
        hint={
          taken ? (
            <>
              <TakenDropText drop={taken} /> {m.wizard_monthly_drop_taken()}
            </>
          ) : (
            m.wizard_monthly_drop_hint()
          )
        }
        checked={draft.isMonthlyDrop && !taken}
        disabled={!!taken}
        onChange={(isMonthlyDrop) => update({ isMonthlyDrop })}
      />
    </>
  );
}
