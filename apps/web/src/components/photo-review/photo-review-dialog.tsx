/**
 * Before a photo is shared (issue 21): the photo goes to the server, which finds faces and
 * answers the picture as it would be published, faces blurred. The person sees it large, can
 * tap a face the detector missed to blur it too (a box, drawn blurred at once and sent with the
 * upload), and then uses the photo, chooses another or cancels. A blur is never taken away.
 *
 * Offline (or when the preview cannot reach the server) the local photo is shown instead, with
 * word that faces are blurred when it is sent; boxes can still be added. When the server could
 * not look for faces it says so, and the person can try again.
 *
 * Loaded on demand with its texts (photo-review.tsx): no page needs it before a photo is picked.
 */
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewPhoto, type PhotoPreviewer } from '../../lib/api/preview-photo.ts';
import { downscaleImage } from '../../lib/downscale-image.ts';
import { AppDialog } from '../ui/dialog.tsx';
import { PhotoCheck } from './photo-check.tsx';
import type { PhotoReviewProps } from './reviewed-photo.ts';

export interface PhotoReviewDialogProps extends PhotoReviewProps {
  /** Replaceable in tests. */
  readonly preview?: PhotoPreviewer;
  readonly prepare?: (file: File) => Promise<Blob>;
}

export function PhotoReviewDialog({
  files,
  onUse,
  onClose,
  preview = previewPhoto,
  prepare = downscaleImage,
}: PhotoReviewDialogProps) {
  const { t } = useTranslation('photo-review');
  const [index, setIndex] = useState(0);
  // 'Choose another' puts a new photo in the place of the one being looked at.
  const [replacement, setReplacement] = useState<{ file: File; serial: number } | null>(null);
  const chosen = replacement?.file ?? files[index] ?? null;
  if (chosen === null) return null;
  const last = index + 1 >= files.length;

  const next = () => {
    setReplacement(null);
    if (last) onClose();
    else setIndex((current) => current + 1);
  };

  return (
    <AppDialog
      open
      size="wide"
      onDismiss={onClose}
      testId="photo-review"
      illustration={
        files.length > 1 ? (
          <p className="mb-1 text-sm font-bold tracking-wide text-sun-800 uppercase">
            {t('position', { number: index + 1, count: files.length })}
          </p>
        ) : undefined
      }
      title={t('title')}
      description={
        <span className="inline-flex items-center gap-2 font-bold text-park-800">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0" />
          {t('automatic')}
        </span>
      }
    >
      {/* One photo's look at a time: a new photo starts afresh (no state of the last one). */}
      <PhotoCheck
        key={`${String(index)}:${String(replacement?.serial ?? 0)}`}
        file={chosen}
        last={last}
        onUse={(reviewed) => {
          onUse(reviewed);
          next();
        }}
        onSkip={next}
        onChooseAnother={(file) => {
          setReplacement((current) => ({ file, serial: (current?.serial ?? 0) + 1 }));
        }}
        preview={preview}
        prepare={prepare}
      />
    </AppDialog>
  );
}
