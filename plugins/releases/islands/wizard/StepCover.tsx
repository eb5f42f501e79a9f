import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Progress } from '../../../../site/components/Progress.tsx';
import { messageOf } from '../../../../site/lib/api.ts';
import * as m from '../../../../lib/i18n/messages.ts';
import { toast } from '../../../../site/stores/toasts.ts';
import { CropDialog } from './CropDialog.tsx';
import { DropZone } from './DropZone.tsx';
import { checkCoverFile, streamUpload } from './upload.ts';
import type { StepProps } from './types.ts';

/** Step 2 Cover Art: choose (checked here, again on the server), preview, Replace, Crop. */
export function StepCover({ draft, update }: StepProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cropping, setCropping] = useState(false);

  const send = async (file: Blob, name: string) => {
    setProgress(0);
    try {
      const uploaded = await streamUpload(file, name, 'image', setProgress);
      update({ coverImage: uploaded.url, coverName: name, coverSize: uploaded.size });
      return true;
    } catch (e) {
      toast({
        title: m.wizard_cover_failed(),
        description: messageOf(e, m.wizard_upload_failed()),
        variant: 'destructive',
      });
      return false;
    } finally {
      setProgress(null);
    }
  };

  const choose = async (file: File) => {
    const problem = await checkCoverFile(file);
    setError(problem);
    if (!problem) await send(file, file.name);
  };

  return (
    <>
      {error && (
        <div className="alert alert-danger py-2" role="alert">
          {error}
        </div>
      )}
      {draft.coverImage ? (
        <div className="cover-preview d-flex flex-column flex-sm-row gap-3 align-items-start">
          <img
            src={draft.coverImage}
            alt={m.wizard_cover_preview()}
            width={200}
            height={200}
            className="rounded cover-preview-image"
          />
          <div>
            <p className="mb-1 fw-semibold text-break">{draft.coverName}</p>
            <p className="text-secondary small">{m.data_size_kb({ size: Math.round(draft.coverSize / 1024) })}</p>
            <div className="d-flex gap-2 flex-wrap">
              <Button
                variant="outline-light"
                size="sm"
                onClick={() => update({ coverImage: null, coverName: '', coverSize: 0 })}
              >
                {m.wizard_replace_image()}
              </Button>
              <Button variant="outline-light" size="sm" onClick={() => setCropping(true)}>
                {m.wizard_crop_image()}
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <DropZone
          id="cover-file"
          label={m.wizard_cover_drop()}
          accept="image/jpeg,image/png"
          disabled={progress !== null}
          hint={m.wizard_cover_hint()}
          onFile={choose}
        />
      )}
      {progress !== null && (
        <Progress className="mt-3" value={Math.round(progress * 100)} showValue label={m.wizard_cover_progress()} />
      )}
      <ul className="small text-secondary mt-3 mb-0 requirements">
        <li>{m.wizard_cover_min_size()}</li>
        <li>{m.wizard_cover_format()}</li>
        <li>{m.wizard_cover_square()}</li>
        <li>{m.wizard_cover_max()}</li>
        <li>{m.wizard_cover_sharp()}</li>
        <li>{m.wizard_cover_text()}</li>
      </ul>
      <CropDialog
        show={cropping}
        src={draft.coverImage}
        onCancel={() => setCropping(false)}
        onError={(kind) =>
          toast({
            title: kind === 'canvas' ? m.wizard_canvas_failed() : m.wizard_crop_failed(),
            variant: 'destructive',
          })
        }
        onApply={async (jpeg) => {
          setCropping(false);
          await send(jpeg, draft.coverName.replace(/\.\w+$/, '') + '-cropped.jpg');
        }}
      />
    </>
  );
}
