/**
 * One photo in the review (see photo-review-dialog.tsx): downscaled, checked by the server
 * (use-face-check.ts), shown large to tap missed faces (tappable-picture.tsx), with what was
 * found and the choices beside it (review-panel.tsx).
 */
import { MAX_ADDED_BLUR_BOXES, tappedBox, type BlurBox } from '@playspot/core';
import { useId, useState } from 'react';
import type { PhotoPreviewer } from '../../lib/api/preview-photo.ts';
import { ReviewPanel } from './review-panel.tsx';
import type { ReviewedPhoto } from './reviewed-photo.ts';
import { TappablePicture, type PicturePoint } from './tappable-picture.tsx';
import { useFaceCheck } from './use-face-check.ts';

interface PhotoCheckProps {
  readonly file: File;
  /** The last (or only) photo picked: its quiet button cancels rather than skips. */
  readonly last: boolean;
  readonly onUse: (photo: ReviewedPhoto) => void;
  readonly onSkip: () => void;
  readonly onChooseAnother: (file: File) => void;
  readonly preview: PhotoPreviewer;
  readonly prepare: (file: File) => Promise<Blob>;
}

/** One photo: downscaled, checked by the server, shown, tapped; then used, skipped or replaced. */
export function PhotoCheck({
  file: chosen,
  last,
  onUse,
  onSkip,
  onChooseAnother,
  preview,
  prepare,
}: PhotoCheckProps) {
  const ids = { hint: useId(), keys: useId() };
  const { local, check, picture, onLocalSize, retry, handOver } = useFaceCheck(chosen, preview, prepare);
  const [boxes, setBoxes] = useState<readonly BlurBox[]>([]);

  const canTap = (check.kind === 'checked' || check.kind === 'offline') && picture !== null;
  const full = boxes.length >= MAX_ADDED_BLUR_BOXES;

  const use = () => {
    if (local === null || !canTap) return;
    const shown = picture.src === local.url ? picture : null;
    if (shown !== null) handOver(shown.src);
    onUse({
      photo: local.file,
      blurBoxes: boxes,
      picture,
      facesFound: check.kind === 'checked' ? check.preview.faces.length : null,
    });
  };

  const addBox = (at: PicturePoint) => {
    if (!canTap || full) return;
    const box = tappedBox(at, picture.width / picture.height);
    setBoxes((current) => (current.length >= MAX_ADDED_BLUR_BOXES ? current : [...current, box]));
  };

  return (
    <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-stretch lg:gap-8">
      <TappablePicture
        check={check}
        picture={picture}
        canTap={canTap}
        boxes={boxes}
        describedBy={`${ids.hint} ${ids.keys}`}
        onTap={addBox}
        onLocalSize={onLocalSize}
      />
      <ReviewPanel
        check={check}
        canTap={canTap}
        added={boxes.length}
        full={full}
        hintId={ids.hint}
        keysId={ids.keys}
        last={last}
        canUse={canTap && local !== null}
        onRetry={retry}
        onChooseAnother={onChooseAnother}
        onSkip={onSkip}
        onUse={use}
      />
    </div>
  );
}
