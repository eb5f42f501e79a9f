import type { FieldErrors, ReleaseDraft } from '../../form.ts';

/** What every step receives: the draft, a patcher and the errors shown under the fields. */
export interface StepProps {
  draft: ReleaseDraft;
  update(patch: Partial<ReleaseDraft>): void;
  errors: FieldErrors;
  /** 'YYYY-MM-DD' of today (server clock at render). */
  today: string;
}
