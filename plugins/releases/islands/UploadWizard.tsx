import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import {
  deliveryErrors,
  detailsErrors,
  emptyDraft,
  isMonthlyDropOf,
  missingFields,
  stepComplete,
  takenDrop,
  trackErrors,
  trackPayload,
  type FieldErrors,
  type ReleaseDraft,
} from '../form.ts';
import type { ReleaseJson, TakenDrop } from '../present.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { MonthlyDropNotice } from './wizard/MonthlyDrop.tsx';
import { StepComplete } from './wizard/StepComplete.tsx';
import { StepCover } from './wizard/StepCover.tsx';
import { StepDelivery } from './wizard/StepDelivery.tsx';
import { StepDetails } from './wizard/StepDetails.tsx';
import { StepReview } from './wizard/StepReview.tsx';
import { StepTrack } from './wizard/StepTrack.tsx';
import submittedHooks from 'virtual:onetrack/hooks/upload.submitted';

// Spec §2 Upload: six steps. Each step's checks are the server's own rules (form.ts → rules.ts);
// the draft lives in localStorage so a reload keeps it; step 5 submits and step 6 shares.

// Step names are read at render time, in the page's language.
const STEPS = [
  m.wizard_step_details,
  m.wizard_step_cover,
  m.wizard_step_track,
  m.wizard_step_delivery,
  m.wizard_step_review,
  m.wizard_step_done,
];
const DRAFT_KEY = 'onetrack.releaseDraft';

interface Props {
  /** The server's clock, so dates agree with the server's rules. */
  nowIso: string;
  artistName: string;
  userId: number;
  /** Months the artist's monthly drop already fills (this one and scheduled later ones). */
  takenDrops: TakenDrop[];
  /** Where Upload Complete's "Go to Artist Dashboard" leads. */
  dashboardHref: string;
}

function loadDraft(userId: number, now: Date): { draft: ReleaseDraft; step: number } {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as {
      userId: number;
      step: number;
      draft: ReleaseDraft;
    } | null;
    if (saved && saved.userId === userId)
      return { draft: { ...emptyDraft(now), ...saved.draft }, step: Math.min(saved.step, 5) };
  } catch {
    // A damaged draft starts over.
  }
  return { draft: emptyDraft(now), step: 1 };
}

export default function UploadWizard({ nowIso, artistName, userId, takenDrops, dashboardHref }: Props) {
  const now = new Date(nowIso);
  const today = nowIso.slice(0, 10);
  const [draft, setDraft] = useState<ReleaseDraft>(() => emptyDraft(now));
  const [step, setStep] = useState(1);
  // The furthest step reached: markers of steps not reached yet stay plain.
  const [reached, setReached] = useState(1);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [release, setRelease] = useState<ReleaseJson | null>(null);
  const [restored, setRestored] = useState(false);

  // Restored after hydration (the server cannot see localStorage).
  useEffect(() => {
    const saved = loadDraft(userId, now);
    setDraft(saved.draft);
    setStep(saved.step);
    setReached(saved.step);
    setRestored(true);
  }, []);
  useEffect(() => {
    if (restored && !release) localStorage.setItem(DRAFT_KEY, JSON.stringify({ userId, step, draft }));
  }, [draft, step, restored, release, userId]);

  const update = (patch: Partial<ReleaseDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // Editing a field clears its message; the next Next checks again.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };

  const stepErrors = (n: number): FieldErrors =>
    n === 1 ? detailsErrors(draft, now) : n === 3 ? trackErrors(draft) : n === 4 ? deliveryErrors(draft, now) : {};

  const goTo = (n: number) => {
    setStep(n);
    setReached((r) => Math.max(r, n));
  };

  const next = () => {
    const found = stepErrors(step);
    setErrors(found);
    if (Object.keys(found).length === 0) return goTo(step + 1);
    // The first field in error takes the focus, so its message is read and it can be fixed at once
    // (issue 44 point 12: it stayed on Next).
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('.upload-wizard .is-invalid, .upload-wizard [aria-invalid="true"]')?.focus(),
    );
  };

  // The month's drop may be taken already: then this release goes out as a regular upload.
  const taken = takenDrop(draft, now, takenDrops);
  const outgoing = { ...draft, isMonthlyDrop: isMonthlyDropOf(draft, now, takenDrops) };
  const complete = (n: number) => n <= reached && (n <= 4 ? stepComplete(n, draft, now) : step === 6);

  const submit = async () => {
    setPending(true);
    try {
      const created = await apiRequest<ReleaseJson>('POST', '/api/tracks', trackPayload(outgoing));
      // What the step tools kept in the draft's extras is saved now that the track exists; each
      // hook tells its own failure (the track is out either way).
      await Promise.all(submittedHooks.map((after) => after(created, outgoing)));
      localStorage.removeItem(DRAFT_KEY);
      setRelease(created);
      goTo(6);
      toast({ title: m.wizard_track_success(), description: created.title, variant: 'success' });
    } catch (error) {
      toast({
        title: m.wizard_track_error(),
        description: messageOf(error, m.wizard_track_error_text()),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  const props = { draft, update, errors, today };
  return (
    <>
      {step < 6 && <MonthlyDropNotice current={takenDrops.find((d) => d.month === today.slice(0, 7)) ?? null} />}
      <div className="upload-wizard card surface-card">
        <div className="card-body p-3 p-md-4">
          <ol className="wizard-steps list-unstyled d-flex flex-wrap gap-2 mb-4" aria-label={m.wizard_steps_label()}>
            {STEPS.map((name, index) => (
              <li
                key={index}
                className={`wizard-step${index + 1 === step ? ' active' : ''}${complete(index + 1) ? ' done' : ''}`}
                aria-current={index + 1 === step ? 'step' : undefined}
              >
                <span className="wizard-step-number">{index + 1}</span>
                <span className="wizard-step-name">{name()}</span>
                {complete(index + 1) && <span className="visually-hidden"> {m.wizard_step_complete_sr()}</span>}
              </li>
            ))}
          </ol>
          {step < 6 && <h2 className="h4 mb-3">{m.wizard_step_heading({ n: step, name: STEPS[step - 1]() })}</h2>}

          {step === 1 && <StepDetails {...props} />}
          {step === 2 && <StepCover {...props} />}
          {step === 3 && <StepTrack {...props} artistName={artistName} />}
          {step === 4 && <StepDelivery {...props} taken={taken} />}
          {step === 5 && <StepReview draft={outgoing} />}
          {step === 6 && release && (
            <StepComplete release={release} origin={window.location.origin} dashboardHref={dashboardHref} />
          )}

          {step < 6 && (
            <div className="d-flex justify-content-between mt-4">
              <Button variant="outline-light" disabled={step === 1 || pending} onClick={() => goTo(step - 1)}>
                {m.wizard_previous()}
              </Button>
              {step < 5 ? (
                <Button className="btn-gold" onClick={next}>
                  {m.wizard_next()}
                </Button>
              ) : (
                <Button className="btn-gold" onClick={submit} disabled={pending || missingFields(draft).length > 0}>
                  {pending ? m.wizard_uploading() : m.wizard_submit()}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </>
  );
}
