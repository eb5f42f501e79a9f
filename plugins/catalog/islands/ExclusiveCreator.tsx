import { useState, type FormEvent } from 'react';
import * as m from '../../../lib/i18n/messages.ts';
import { ApiError, apiRequest, messageOf } from '../../../site/lib/api.ts';
import { MAX_COLLECTIBLES, MEDIA_OF, exclusiveRules } from '../exclusiveRules.ts';
import type { OwnExclusiveJson } from '../exclusiveAuthoring.ts';
import { showExclusives } from '../client/showExclusives.ts';

// An artist creates an exclusive on their own page (issue 44 point 4): a numbered collectible, or an
// unreleased track or a behind-the-scenes video whose file is then sent as the raw body (never held
// in memory by the server) and transcoded by the media worker. The page is read again, on its
// Exclusives tab, to show it.

type Step = 'idle' | 'creating' | 'uploading';
const ACCEPT = {
  audio: '.wav,.flac,audio/wav,audio/flac',
  video: '.mp4,.mov,.webm,video/mp4,video/quicktime,video/webm',
};

export default function ExclusiveCreator() {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState('unreleased-track');
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const kind = MEDIA_OF[type];
  const busy = step !== 'idle';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    const chosen = file instanceof File && file.size > 0 ? file : null;
    setError(null);
    setFileError(null);
    if (kind && !chosen) return setFileError(m.exclusive_file_required());
    setStep('creating');
    try {
      const created = await apiRequest<OwnExclusiveJson>('POST', '/api/exclusives', {
        type,
        title: String(form.get('title') ?? ''),
        description: String(form.get('description') ?? ''),
        ...(type === 'NFT' ? { totalAvailable: Number(form.get('totalAvailable')) } : {}),
      });
      if (kind && chosen) {
        setStep('uploading');
        const response = await fetch(`/api/exclusives/${created.id}/media`, {
          method: 'PUT',
          credentials: 'include',
          headers: { Accept: 'application/json', 'Content-Type': 'application/octet-stream' },
          body: chosen,
        });
        if (!response.ok) {
          // The exclusive without its file is of no use: it goes, and the file's problem is said.
          await apiRequest('DELETE', `/api/exclusives/${created.id}`).catch(() => {});
          throw new ApiError(response.status, response.statusText, await response.text());
        }
      }
      await showExclusives();
    } catch (failure) {
      setError(messageOf(failure, m.exclusive_create_failed()));
      setStep('idle');
    }
  }

  if (!open)
    return (
      <button
        type="button"
        className="btn btn-gold mb-3"
        data-testid="exclusive-create-open"
        onClick={() => setOpen(true)}
      >
        {m.exclusive_create_open()}
      </button>
    );

  return (
    <form
      className="surface-card p-3 mb-3 exclusive-creator"
      aria-labelledby="exclusive-create-title"
      aria-busy={busy}
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="exclusive-create-title" className="h5">
        {m.exclusive_create_title()}
      </h3>
      <p className="text-secondary small">{m.exclusive_create_intro()}</p>
      <div className="row g-3">
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor="exclusive-type">
            {m.exclusive_field_type()}
          </label>
          <select
            id="exclusive-type"
            className="form-select"
            value={type}
            disabled={busy}
            onChange={(event) => setType(event.target.value)}
          >
            <option value="unreleased-track">{m.exclusive_option_track()}</option>
            <option value="behind-the-scenes">{m.exclusive_option_video()}</option>
            <option value="NFT">{m.exclusive_option_nft()}</option>
          </select>
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label" htmlFor="exclusive-title">
            {m.exclusive_field_title()}
          </label>
          <input
            id="exclusive-title"
            name="title"
            className="form-control"
            required
            maxLength={exclusiveRules.title.maxLength}
            disabled={busy}
          />
        </div>
        <div className="col-12">
          <label className="form-label" htmlFor="exclusive-description">
            {m.exclusive_field_description()}
          </label>
          <textarea
            id="exclusive-description"
            name="description"
            className="form-control"
            rows={2}
            maxLength={exclusiveRules.description.maxLength}
            disabled={busy}
          />
        </div>
        {type === 'NFT' ? (
          <div className="col-12 col-md-6">
            <label className="form-label" htmlFor="exclusive-count">
              {m.exclusive_field_count()}
            </label>
            <input
              id="exclusive-count"
              name="totalAvailable"
              type="number"
              className="form-control"
              required
              min={1}
              max={MAX_COLLECTIBLES}
              step={1}
              defaultValue={100}
              aria-describedby="exclusive-count-help"
              disabled={busy}
            />
            <div id="exclusive-count-help" className="form-text">
              {m.exclusive_field_count_help()}
            </div>
          </div>
        ) : (
          <div className="col-12">
            <label className="form-label" htmlFor="exclusive-file">
              {kind === 'video' ? m.exclusive_field_video() : m.exclusive_field_audio()}
            </label>
            <input
              id="exclusive-file"
              name="file"
              type="file"
              className={`form-control${fileError ? ' is-invalid' : ''}`}
              accept={ACCEPT[kind]}
              aria-invalid={!!fileError}
              onChange={() => setFileError(null)}
              aria-describedby={fileError ? 'exclusive-file-error' : undefined}
              disabled={busy}
            />
            {fileError && (
              <div id="exclusive-file-error" className="invalid-feedback">
                {fileError}
              </div>
            )}
          </div>
        )}
      </div>
      {error && (
        <p className="text-danger small mt-3 mb-0" role="alert" data-testid="exclusive-create-error">
          {error}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button type="submit" className="btn btn-gold" disabled={busy} aria-busy={busy}>
          {step === 'creating'
            ? m.exclusive_creating()
            : step === 'uploading'
              ? m.exclusive_uploading()
              : m.exclusive_create_submit()}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setOpen(false)}>
          {m.exclusive_cancel()}
        </button>
      </div>
    </form>
  );
}
