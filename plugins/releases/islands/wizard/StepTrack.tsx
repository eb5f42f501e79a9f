import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Progress } from '../../../../site/components/Progress.tsx';
import { messageOf } from '../../../../site/lib/api.ts';
import * as m from '../../../../lib/i18n/messages.ts';
import { perLocale } from '../../../../lib/i18n/format.ts';
import { toast } from '../../../../site/stores/toasts.ts';
import { IslandSlot } from '../../../../site/components/IslandSlot.tsx';
import audioTools from 'virtual:onetrack/islands/upload.audio-tools';
import descriptionTools from 'virtual:onetrack/islands/upload.description-tools';
import lyricsTools from 'virtual:onetrack/islands/upload.lyrics';
import { formatDuration } from '../../form.ts';
import { maxLengthOf } from '../../../../api/validation/rules.ts';
import { LimitedText } from '../../../../site/components/LimitedText.tsx';
import { MB, recordingYears, trackRules } from '../../rules.ts';
import { CreditCards } from './CreditCards.tsx';
import { DropZone } from './DropZone.tsx';
import { Field, Select, Toggle } from './fields.tsx';
import { KindFields, LyricsFields } from './TrackFacts.tsx';
import { checkAudioFile, streamUpload } from './upload.ts';
import type { StepProps } from './types.ts';

const DESCRIPTION_MAX = maxLengthOf(trackRules, 'description');
// The file's size to the hundredth of a MB, in the page's language.
const megabytes = perLocale((l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** Step 3 Track Upload. */
export function StepTrack({ draft, update, errors, today, artistName }: StepProps & { artistName: string }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const choose = async (file: File) => {
    const checked = await checkAudioFile(file);
    if ('error' in checked) {
      setFileError(checked.error);
      return;
    }
    setFileError(null);
    setProgress(0);
    try {
      const uploaded = await streamUpload(file, file.name, 'audio', setProgress);
      // The server's reading of the file wins over the browser's.
      update({
        audioUrl: uploaded.url,
        audioName: file.name,
        audioSize: uploaded.size,
        duration: Number('duration' in uploaded ? uploaded.duration : checked.duration),
      });
    } catch (e) {
      toast({
        title: m.wizard_audio_failed(),
        description: messageOf(e, m.wizard_upload_failed()),
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      {fileError && (
        <div className="alert alert-danger py-2" role="alert">
          {fileError}
        </div>
      )}
      {draft.audioUrl ? (
        <div className="audio-chosen card surface-card mb-3">
          <div className="card-body d-flex flex-wrap gap-2 align-items-center justify-content-between">
            <div>
              <p className="mb-0 fw-semibold text-break">{draft.audioName}</p>
              <p className="mb-0 text-secondary small">
                <span>{formatDuration(draft.duration)}</span> ·{' '}
                <span>{m.wizard_size_mb({ size: megabytes().format(draft.audioSize / MB) })}</span>
              </p>
            </div>
            <div className="d-flex flex-wrap justify-content-end gap-2">
              <IslandSlot slot="upload.audio-tools" fillers={audioTools} draft={draft} update={update} />
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={m.wizard_remove_audio()}
                onClick={() => update({ audioUrl: null, audioName: '', audioSize: 0, duration: 0 })}
              >
                {m.wizard_remove()}
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <DropZone
          id="audio-file"
          label={m.wizard_audio_drop()}
          accept=".wav,.flac,audio/wav,audio/flac,audio/x-wav"
          disabled={progress !== null}
          hint={m.wizard_audio_hint()}
          onFile={choose}
        />
      )}
      {progress !== null && (
        <Progress className="my-3" value={Math.round(progress * 100)} showValue label={m.wizard_audio_progress()} />
      )}

      <Field id="track-description" label={m.wizard_track_description()} error={errors.description}>
        <LimitedText
          rows={4}
          value={draft.description}
          max={DESCRIPTION_MAX}
          isInvalid={!!errors.description}
          onChange={(description) => update({ description })}
        />
      </Field>
      {descriptionTools.length > 0 && (
        <div className="d-flex justify-content-end mb-3">
          <IslandSlot
            slot="upload.description-tools"
            fillers={descriptionTools}
            draft={draft}
            update={update}
            artistName={artistName}
          />
        </div>
      )}

      <div className="row g-3">
        <div className="col-sm-6">
          <Field id="recording-year" label={m.wizard_recording_year()}>
            <Select
              id="recording-year"
              value={draft.recordingYear}
              options={recordingYears(new Date(`${today}T00:00:00Z`))}
              onChange={(v) => update({ recordingYear: Number(v) })}
            />
          </Field>
        </div>
        <div className="col-sm-6">
          <Field id="isrc" label={m.wizard_isrc()} error={errors.isrc} hint={m.wizard_isrc_hint()}>
            <LimitedText
              value={draft.isrc}
              max={maxLengthOf(trackRules, 'isrc')}
              quiet
              isInvalid={!!errors.isrc}
              onChange={(isrc) => update({ isrc })}
            />
          </Field>
        </div>
      </div>
      <LyricsFields prefix="" draft={draft} update={update} errors={errors} />
      {draft.hasLyrics && <IslandSlot slot="upload.lyrics" fillers={lyricsTools} draft={draft} update={update} />}
      <div className="row g-3">
        <KindFields prefix="" draft={draft} update={update} column="col-sm-6" />
      </div>
      <Toggle
        id="content-protection"
        label={m.wizard_content_protection()}
        checked={draft.contentProtection}
        onChange={(contentProtection) => update({ contentProtection })}
      />
      <Field id="tiktok-start" label={m.wizard_tiktok_seconds()} error={errors.tikTokStartTime}>
        <Form.Control
          type="number"
          min={0}
          step={1}
          value={draft.tikTokStartTime}
          isInvalid={!!errors.tikTokStartTime}
          onChange={(e) => update({ tikTokStartTime: e.target.value })}
        />
      </Field>

      <CreditCards draft={draft} update={update} />
    </>
  );
}
