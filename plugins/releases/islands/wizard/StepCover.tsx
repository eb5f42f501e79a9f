import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Progress } from '../../../../site/components/Progress.tsx';
import { messageOf } from '../../../../site/lib/api.ts';
import { toast } from '../../../../site/stores/toasts.ts';
import { TOASTS } from '../../rules.ts';
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
      toast({ title: TOASTS.coverFailed.title, description: messageOf(e, 'Upload failed'), variant: 'destructive' });
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
            alt="Cover art preview"
            width={200}
            height={200}
            className="rounded cover-preview-image"
          />
          <div>
            <p className="mb-1 fw-semibold text-break">{draft.coverName}</p>
            <p className="text-secondary small">{Math.round(draft.coverSize / 1024)} KB</p>
            <div className="d-flex gap-2 flex-wrap">
              <Button
                variant="outline-light"
                size="sm"
                onClick={() => update({ coverImage: null, coverName: '', coverSize: 0 })}
              >
                Replace Image
              </Button>
              <Button variant="outline-light" size="sm" onClick={() => setCropping(true)}>
                Crop Image
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <DropZone
          id="cover-file"
          label="Drop your cover image here or click to choose"
          accept="image/jpeg,image/png"
          disabled={progress !== null}
          hint="JPG or PNG, square, at least 500x500"
          onFile={choose}
        />
      )}
      {progress !== null && (
        <Progress className="mt-3" value={Math.round(progress * 100)} showValue label="Cover upload progress" />
      )}
      <ul className="small text-secondary mt-3 mb-0 requirements">
        <li>Minimum 500x500 pixels (3000x3000 recommended)</li>
        <li>JPG or PNG format</li>
        <li>Roughly square (1:1)</li>
        <li>Maximum 10MB</li>
        <li>No blurry or pixelated images</li>
        <li>May include the artist name and title, but no social media handles or logos</li>
      </ul>
      <CropDialog
        show={cropping}
        src={draft.coverImage}
        onCancel={() => setCropping(false)}
        onError={(kind) =>
          toast({ title: kind === 'canvas' ? TOASTS.canvas.title : TOASTS.cropFailed.title, variant: 'destructive' })
        }
        onApply={async (jpeg) => {
          setCropping(false);
          await send(jpeg, draft.coverName.replace(/\.\w+$/, '') + '-cropped.jpg');
        }}
      />
    </>
  );
}
