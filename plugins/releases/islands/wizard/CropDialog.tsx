import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { CROP } from '../../rules.ts';
import * as m from '../../../../lib/i18n/messages.ts';

// Spec §2 step 2 "Crop Cover Image": a square selection (cropperjs), at least 100 image pixels,
// arrow keys nudge it; Apply Crop hands back a JPEG at quality 0.95 of the selected pixels.

type CropperModule = typeof import('cropperjs');
type Cropper = InstanceType<CropperModule['default']>;

const TEMPLATE = `
<cropper-canvas background style="height: min(60vh, 420px)">
  <cropper-image></cropper-image>
  <cropper-shade hidden></cropper-shade>
  <cropper-selection initial-coverage="0.8" aspect-ratio="1" movable resizable keyboard outlined>
    <cropper-grid role="grid" covered></cropper-grid>
    <cropper-handle action="move" theme-color="rgba(255, 255, 255, 0.25)"></cropper-handle>
    <cropper-handle action="ne-resize"></cropper-handle>
    <cropper-handle action="nw-resize"></cropper-handle>
    <cropper-handle action="se-resize"></cropper-handle>
    <cropper-handle action="sw-resize"></cropper-handle>
  </cropper-selection>
</cropper-canvas>`;

/**
 * The selection in the image's own pixels, from where both sit on screen: whatever scale and offset
 * cropperjs gave the image, the ratio of their boxes is the answer.
 */
function naturalRect(
  cropper: Cropper,
  natural: { width: number; height: number },
  sel: { x: number; y: number; width: number; height: number },
) {
  const canvas = cropper.getCropperCanvas()!.getBoundingClientRect();
  const shown = cropper.getCropperImage()!.getBoundingClientRect();
  const scale = shown.width / natural.width;
  return {
    x: (canvas.left + sel.x - shown.left) / scale,
    y: (canvas.top + sel.y - shown.top) / scale,
    width: sel.width / scale,
    height: sel.height / scale,
  };
}

export interface CropDialogProps {
  show: boolean;
  /** Object URL of the chosen image. */
  src: string | null;
  onCancel(): void;
  onApply(jpeg: Blob): void;
  onError(kind: 'crop' | 'canvas'): void;
}

export function CropDialog({ show, src, onCancel, onApply, onError }: CropDialogProps) {
  const host = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement | null>(null);
  const cropper = useRef<Cropper | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!show || !src || !host.current) return;
    let cancelled = false;
    (async () => {
      const { default: CropperClass } = await import('cropperjs');
      if (cancelled || !host.current) return;
      const img = new Image();
      img.src = src;
      img.alt = m.wizard_crop_alt();
      await img.decode().catch(() => undefined);
      if (cancelled) return;
      image.current = img;
      host.current.replaceChildren(img);
      const instance = new CropperClass(img, { container: host.current, template: TEMPLATE });
      cropper.current = instance;
      await instance.getCropperImage()!.$ready();
      if (cancelled) return;
      const selection = instance.getCropperSelection()!;
      // Refuse any change that would make the crop smaller than 100 image pixels.
      selection.addEventListener('change', (event) => {
        const detail = (event as CustomEvent<{ x: number; y: number; width: number; height: number }>).detail;
        if (
          naturalRect(instance, { width: img.naturalWidth, height: img.naturalHeight }, detail).width <
          CROP.minSize - 0.5
        )
          event.preventDefault();
      });
      setReady(true);
    })();
    return () => {
      cancelled = true;
      cropper.current?.destroy();
      cropper.current = null;
      setReady(false);
    };
  }, [show, src]);

  const apply = () => {
    try {
      const instance = cropper.current;
      const img = image.current;
      if (!instance || !img) throw new Error('cropper not ready');
      const sel = instance.getCropperSelection()!;
      const rect = naturalRect(instance, { width: img.naturalWidth, height: img.naturalHeight }, sel);
      const x = Math.max(0, Math.round(rect.x));
      const y = Math.max(0, Math.round(rect.y));
      const side = Math.round(Math.min(rect.width, img.naturalWidth - x, img.naturalHeight - y));
      const canvas = document.createElement('canvas');
      canvas.width = side;
      canvas.height = side;
      const context = canvas.getContext('2d');
      if (!context) {
        onError('canvas');
        return;
      }
      context.drawImage(img, x, y, side, side, 0, 0, side, side);
      canvas.toBlob((blob) => (blob ? onApply(blob) : onError('crop')), 'image/jpeg', CROP.quality);
    } catch {
      onError('crop');
    }
  };

  return (
    <Modal show={show} onHide={onCancel} size="lg" centered aria-labelledby="crop-title">
      <Modal.Header closeButton closeLabel={m.dialog_close()}>
        <Modal.Title id="crop-title">{m.wizard_crop_title()}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {/* The selection is geometry, not text: it keeps left-to-right coordinates on a right-to-left page. */}
        <div ref={host} className="crop-host" dir="ltr" />
        <p className="text-secondary small mt-2 mb-0">{m.wizard_crop_help({ size: CROP.minSize })}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-light" onClick={onCancel}>
          {m.common_cancel()}
        </Button>
        <Button className="btn-gold" onClick={apply} disabled={!ready}>
          {m.wizard_crop_apply()}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
