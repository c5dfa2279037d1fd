/**
 * The review every picked photo goes through before it is shared (issue 21; see
 * photo-review-dialog.tsx). Forms render this with the photos just picked; its code and
 * texts load only then, so no page carries them before a photo is chosen.
 */
import { lazy, Suspense } from 'react';
import { withNamespaces } from '../../lib/i18n/i18n.ts';
import type { PhotoReviewProps } from './reviewed-photo.ts';

export type { PhotoReviewProps, ReviewedPhoto, ReviewPicture } from './reviewed-photo.ts';
export { releaseReviewedPhoto } from './reviewed-photo.ts';

const loadDialog = () => withNamespaces(() => import('./photo-review-dialog.tsx'), 'photo-review');

const PhotoReviewDialog = lazy(async () => ({ default: (await loadDialog()).PhotoReviewDialog }));

/** Starts loading the review (say, when a form with a photo field opens), so it opens at once. */
export function preloadPhotoReview(): void {
  void loadDialog().catch(() => undefined);
}

export function PhotoReview(props: PhotoReviewProps) {
  if (props.files.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PhotoReviewDialog {...props} />
    </Suspense>
  );
}
