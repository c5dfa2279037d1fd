/**
 * The place's photos: a hero picture, a row of thumbnails, and a full-size viewer that
 * names who shared each photo, with 'Report' for everyone (a comment's photo is reported
 * with its comment) and 'Delete photo' where the server says the caller may (its uploader,
 * who added the place, moderators). Every image has alt text.
 */
import { pointsForAction, reportReasonsFor, type Place } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, Images } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { celebratePoints } from '../../../components/celebrate-points.tsx';
import { deletePhoto, withoutPhoto } from '../../../lib/api/delete-photo.ts';
import { usePlaceCache } from '../hooks/use-place-cache.ts';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';
import { PhotoViewer, type ViewerPhoto } from './photo-viewer.tsx';
import { ReportDialog, type ReportTarget } from './report-dialog.tsx';
import { serverFileUrl } from '../../../lib/api-client.ts';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n/i18n.ts';

interface GalleryPhoto {
  readonly url: string;
  readonly thumbnailUrl: string;
  readonly uploadedBy: string | null;
  readonly fromComment: boolean;
  readonly id?: string;
  /** The comment it was shared with. */
  readonly commentId?: string;
  readonly canDelete?: boolean;
}

/**
 * Every photo of the place, those shared with a comment included (they are photos of the
 * place too, and often the only ones), newest first; the server sends them oldest first.
 */
export function galleryPhotos(place: Pick<Place, 'imageMetaData' | 'imageUrls'>): GalleryPhoto[] {
  const described = place.imageMetaData
    .map((image, order) => ({ image, order, at: Date.parse(image.lastUpdatedAt) }))
    .sort((a, b) => b.at - a.at || b.order - a.order)
    .map(({ image }) => ({
      url: image.url,
      thumbnailUrl: image.thumbnailUrl ?? image.url,
      uploadedBy: image.uploadedBy.userName,
      fromComment: image.commentId !== undefined,
      id: image.id,
      ...(image.commentId === undefined ? {} : { commentId: image.commentId }),
      canDelete: image.canDelete,
    }));
  if (described.length > 0 || place.imageMetaData.length > 0) return described;
  return place.imageUrls.map((url) => ({ url, thumbnailUrl: url, uploadedBy: null, fromComment: false }));
}

/**
 * What 'Report' on a photo sends: a place's own photo is reported by itself; a photo shared
 * with a comment goes with its comment (the server hides and removes them together and takes
 * no report on such a photo alone), with the reasons for a photo, a child's face first.
 */
function reportTargetFor(
  photo: Pick<GalleryPhoto, 'commentId' | 'uploadedBy'>,
  photoId: string,
): ReportTarget {
  if (photo.commentId === undefined)
    return { type: 'photo', id: photoId, what: i18n.t('location-details:reportDialog.thisPhoto') };
  return {
    type: 'comment',
    id: photo.commentId,
    what: i18n.t('location-details:reportDialog.photoAndComment'),
    explanation: photo.uploadedBy
      ? i18n.t('location-details:photos.reportExplanationBy', { name: photo.uploadedBy })
      : i18n.t('location-details:photos.reportExplanation'),
    reasons: reportReasonsFor('photo'),
  };
}

const photoAlt = (name: string, index: number, count: number) =>
  count > 1
    ? i18n.t('location-details:photos.altNumbered', { number: index + 1, count, name })
    : i18n.t('location-details:photos.alt', { name });

export function PhotoGallery({ place }: { readonly place: Place }) {
  const { t } = useTranslation('location-details');
  const photos = galleryPhotos(place);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<ViewerPhoto | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { me, whenSignedIn } = useSignedInAction();
  const cache = usePlaceCache(place.id);
  const queryClient = useQueryClient();
  const count = photos.length;
  const hero = photos[0];

  async function removePhoto(photo: ViewerPhoto) {
    if (photo.id === undefined) return;
    setDeleting(true);
    try {
      const result = await deletePhoto(place.id, photo.id);
      const photoId = photo.id;
      cache.update((current) => withoutPhoto(current, photoId));
      setConfirmingDelete(null);
      // The next photo takes its place; the viewer closes after the last one.
      setOpenIndex((index) => (index === null || count <= 1 ? null : Math.min(index, count - 2)));
      notifySuccess(t('photos.deleted'));
      celebratePoints(result, queryClient);
    } catch (error) {
      handleError(error);
    } finally {
      setDeleting(false);
    }
  }

  if (!hero) {
    return (
      <div className="flex aspect-[16/9] w-full flex-col items-center justify-center gap-2 rounded-3xl bg-gradient-to-br from-park-100 to-sun-100 text-park-800">
        <Camera aria-hidden="true" className="h-10 w-10" />
        <p className="text-base font-bold">{t('photos.none')}</p>
      </div>
    );
  }

  const show = (index: number) => {
    setOpenIndex(index);
  };

  return (
    <section aria-label={t('photos.label')}>
      <button
        type="button"
        onClick={() => {
          show(0);
        }}
        className="group relative block w-full overflow-hidden rounded-3xl bg-gray-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        aria-label={t('photos.open', {
          // English has always lowercased the whole label; German keeps its capitals (nouns).
          photo:
            i18n.language === 'en'
              ? photoAlt(place.name, 0, count).toLowerCase()
              : photoAlt(place.name, 0, count),
        })}
      >
        <img
          src={serverFileUrl(hero.url)}
          alt={photoAlt(place.name, 0, count)}
          className="aspect-[16/9] w-full object-cover transition-transform duration-200 group-hover:scale-[1.01]"
        />
        {count > 1 && (
          <span className="absolute end-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-ink/75 px-3 py-1 text-sm font-bold text-white">
            <Images aria-hidden="true" className="h-4 w-4" />
            {t('photos.count', { count })}
          </span>
        )}
      </button>
      {count > 1 && (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1" aria-label={t('photos.all')}>
          {photos.map((photo, index) => (
            <li key={photo.url} className="shrink-0">
              <button
                type="button"
                onClick={() => {
                  show(index);
                }}
                className="block overflow-hidden rounded-xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
              >
                <img
                  src={serverFileUrl(photo.thumbnailUrl)}
                  alt={photoAlt(place.name, index, count)}
                  loading="lazy"
                  className="h-16 w-20 bg-gray-100 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoViewer
        placeName={place.name}
        photos={photos.map((photo, index) => ({
          url: photo.url,
          alt: photoAlt(place.name, index, count),
          uploadedBy: photo.uploadedBy,
          fromComment: photo.fromComment,
          ...(photo.id === undefined ? {} : { id: photo.id, canDelete: photo.canDelete ?? false }),
        }))}
        index={openIndex}
        onIndexChange={setOpenIndex}
        onReport={(photo) => {
          whenSignedIn('report_photo', () => {
            const shown = photos.find((candidate) => candidate.id === photo.id);
            setReporting(shown?.id === undefined ? null : reportTargetFor(shown, shown.id));
          });
        }}
        onDelete={setConfirmingDelete}
      />
      {reporting !== null && (
        <ReportDialog
          key={`${reporting.type}-${reporting.id}`}
          target={reporting}
          onClose={() => {
            setReporting(null);
          }}
        />
      )}
      {confirmingDelete && (
        <ConfirmDeleteDialog
          title={t('photos.deleteTitle')}
          description={
            me?.userName && confirmingDelete.uploadedBy === me.userName
              ? t('photos.deleteOwn', { count: pointsForAction('locationImage') })
              : t('photos.deleteOther', { name: confirmingDelete.uploadedBy ?? t('comment.aParent') })
          }
          confirmLabel={t('viewer.delete')}
          pending={deleting}
          onConfirm={() => void removePhoto(confirmingDelete)}
          onClose={() => {
            setConfirmingDelete(null);
          }}
        />
      )}
    </section>
  );
}
