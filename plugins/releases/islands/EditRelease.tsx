import { useRef, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { maxLengthOf } from '../../../api/validation/rules.ts';
import { LimitedText } from '../../../site/components/LimitedText.tsx';
import { apiRequest, messageOf } from '../../../site/lib/api.ts';
import { toast } from '../../../site/stores/toasts.ts';
import * as m from '../../../lib/i18n/messages.ts';
import { localeHref } from '../../../lib/i18n/runtime.ts';
import { detailsErrors, emptyDraft, trackErrors, trackPayload, type FieldErrors, type ReleaseDraft } from '../form.ts';
import type { ReleaseJson } from '../present.ts';
import { recordingYears, trackRules } from '../rules.ts';
import { CreditCards } from './wizard/CreditCards.tsx';
import { Field, Select } from './wizard/fields.tsx';
import { KindFields, LyricsFields } from './wizard/TrackFacts.tsx';
import { NameFields } from './wizard/NameFields.tsx';
import { checkCoverFile, streamUpload } from './wizard/upload.ts';

// Issue 44 point 3: a release's details, cover, credits and lyrics flag after submit, checked by the
// wizard's own rules (form.ts) before the server checks them again; the audio is shown, never changed.

/** The release as the wizard's draft, so the same checks and the same body apply. */
function draftOf(release: ReleaseJson, now: Date): ReleaseDraft {
  const meta = release.metadata;
  return {
    ...emptyDraft(now),
    title: release.title,
    label: release.label ?? '',
    genre: release.genre ?? '',
    language: release.language ?? '',
    releasedBefore: release.releasedBefore,
    previousReleaseDate: release.previousReleaseDate?.slice(0, 10) ?? '',
    coverImage: release.coverImage,
    audioUrl: release.masterUrl,
    duration: release.duration,
    description: release.description,
    recordingYear: release.recordingYear ?? now.getUTCFullYear(),
    isrc: release.isrc ?? '',
    hasLyrics: release.hasLyrics,
    lyricsLanguage: release.lyricsLanguage ?? '',
    contentType: release.contentType ?? 'Not Explicit',
    trackOrigin: release.trackOrigin ?? 'Original',
    contentProtection: release.contentProtection,
    tikTokStartTime: release.tikTokStartTime == null ? '' : String(release.tikTokStartTime),
    artistRoles: meta?.artistRoles ?? [],
    productionCredits: meta?.productionCredits ?? [],
    songwriterCredits: meta?.songwriterCredits ?? [],
    key: meta?.key ?? '',
    bpm: meta?.bpm ?? null,
    moods: meta?.moods ?? [],
    tags: meta?.tags ?? [],
  };
}

/** PATCH /api/releases/:id: the wizard's body without the audio and the schedule. */
function editBody(draft: ReleaseDraft) {
  const {
    audioUrl: _audio,
    duration: _duration,
    releaseASAP: _asap,
    releaseDate: _date,
    midnightRelease: _midnight,
    enablePreSave: _presave,
    isMonthlyDrop: _drop,
    ...body
  } = trackPayload(draft);
  return { ...body, metadata: { ...body.metadata, royaltySplits: [] } };
}

export default function EditRelease({ release, currentYear }: { release: ReleaseJson; currentYear: number }) {
  const now = new Date(Date.UTC(currentYear, 0, 1));
  const [draft, setDraft] = useState(() => draftOf(release, now));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [cover, setCover] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const form = useRef<HTMLFormElement>(null);
  const update = (patch: Partial<ReleaseDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function changeCover(file: File | undefined) {
    if (!file) return;
    const problem = await checkCoverFile(file);
    if (problem) return setCover({ busy: false, error: problem });
    setCover({ busy: true, error: null });
    try {
      const uploaded = await streamUpload(file, file.name, 'image', () => {});
      update({ coverImage: uploaded.url });
      setCover({ busy: false, error: null });
    } catch (error) {
      setCover({ busy: false, error: messageOf(error, m.wizard_cover_failed()) });
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = { ...detailsErrors(draft, new Date()), ...trackErrors(draft) };
    setErrors(found);
    if (Object.keys(found).length) {
      // The first invalid field takes the focus, so its message is read out.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('.is-invalid')?.focus());
      return;
    }
    setPending(true);
    try {
      await apiRequest('PATCH', `/api/releases/${release.id}`, editBody(draft));
      toast({ title: m.release_edit_saved(), description: m.release_edit_saved_text(), variant: 'success' });
      location.assign(localeHref(`/tracks/${release.id}`));
    } catch (error) {
      toast({
        title: m.release_edit_failed(),
        description: messageOf(error, m.release_edit_try_again()),
        variant: 'destructive',
      });
      setPending(false);
    }
  }

  return (
    <form ref={form} className="card surface-card mb-4" noValidate onSubmit={(e) => void save(e)}>
      <div className="card-body p-4">
        <NameFields prefix="edit-" draft={draft} update={update} errors={errors} />
        <Field id="edit-description" label={m.release_edit_field_description()} error={errors.description}>
          <LimitedText
            rows={4}
            value={draft.description}
            max={maxLengthOf(trackRules, 'description')}
            isInvalid={!!errors.description}
            onChange={(description) => update({ description })}
          />
        </Field>
        <div className="row g-3">
          <div className="col-sm-4">
            <Field id="edit-year" label={m.release_edit_field_year()}>
              <Select
                id="edit-year"
                value={draft.recordingYear}
                options={recordingYears(now)}
                onChange={(year) => update({ recordingYear: Number(year) })}
              />
            </Field>
          </div>
          <KindFields prefix="edit-" draft={draft} update={update} column="col-sm-4" />
        </div>
        <Field id="edit-isrc" label={m.release_edit_field_isrc()} error={errors.isrc}>
          <LimitedText
            value={draft.isrc}
            max={maxLengthOf(trackRules, 'isrc')}
            isInvalid={!!errors.isrc}
            onChange={(isrc) => update({ isrc })}
          />
        </Field>
        <LyricsFields prefix="edit-" draft={draft} update={update} errors={errors} />
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{m.release_edit_cover()}</legend>
          <div className="d-flex flex-column flex-sm-row align-items-sm-center gap-3">
            {draft.coverImage && (
              <img src={draft.coverImage} alt={m.release_edit_cover_alt()} width={96} height={96} className="rounded" />
            )}
            <Form.Control
              type="file"
              accept="image/*"
              aria-label={m.release_edit_cover_change()}
              disabled={cover.busy}
              onChange={(e) => void changeCover((e.target as HTMLInputElement).files?.[0])}
            />
            {cover.busy && <span className="small text-secondary">{m.release_edit_cover_uploading()}</span>}
          </div>
          {cover.error && (
            <div className="invalid-feedback d-block" role="alert">
              {cover.error}
            </div>
          )}
        </fieldset>
        <h2 className="h6 fw-bold mt-4">{m.release_edit_credits()}</h2>
        <CreditCards draft={draft} update={update} />
        <p className="small text-secondary mt-3 mb-3">{m.release_edit_audio_fixed()}</p>
        <div className="d-flex flex-wrap gap-2">
          <button type="submit" className="btn btn-gold" disabled={pending || cover.busy}>
            {pending ? m.release_edit_saving() : m.release_edit_save()}
          </button>
          <a className="btn btn-outline-light" href={localeHref(`/tracks/${release.id}`)}>
            {m.release_edit_cancel()}
          </a>
        </div>
      </div>
    </form>
  );
}
