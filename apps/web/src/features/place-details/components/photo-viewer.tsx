/**
 * A full-screen photo viewer: the photo as large as the screen allows on a dark backdrop,
 * who shared it, previous/next (buttons and arrow keys), 'Report' and, where the server
 * allows it, 'Delete photo'; Escape or the close button to leave. Radix keeps focus inside
 * and returns it to the thumbnail that opened it.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Flag, Trash2, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { serverFileUrl } from '../../../lib/api-client.ts';
import { useTranslation } from 'react-i18next';

export interface ViewerPhoto {
  readonly url: string;
  readonly alt: string;
  readonly uploadedBy: string | null;
  /** Shared with a comment (rather than added to the place directly). */
  readonly fromComment?: boolean;
  /** Photos without an id (old data) offer no report or delete. */
  readonly id?: string;
  readonly canDelete?: boolean;
}

interface PhotoViewerProps {
  readonly placeName: string;
  readonly photos: readonly ViewerPhoto[];
  /** The photo shown; null when closed. */
  readonly index: number | null;
  readonly onIndexChange: (index: number | null) => void;
  readonly onReport?: (photo: ViewerPhoto) => void;
  readonly onDelete?: (photo: ViewerPhoto) => void;
}

const roundButton =
  'inline-flex h-12 w-12 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white';

const actionBase =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-base font-bold text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white';
const reportButton = `${actionBase} bg-white/15 hover:bg-white/25`;
/** Deleting for good is red, as everywhere else (Button's 'danger'). */
const deleteButton = `${actionBase} bg-red-700 hover:bg-red-800`;

export function PhotoViewer({
  placeName,
  photos,
  index,
  onIndexChange,
  onReport,
  onDelete,
}: PhotoViewerProps) {
  const { t, i18n } = useTranslation('location-details');
  const count = photos.length;
  // Right to left (Arabic), the next photo is to the left, as the mirrored buttons show.
  const [nextKey, previousKey] =
    i18n.dir() === 'rtl' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
  const photo = index === null ? undefined : photos[index];
  const go = (step: number) => {
    if (index !== null) onIndexChange((index + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === nextKey) go(1);
    if (event.key === previousKey) go(-1);
  };

  return (
    <RadixDialog.Root
      open={photo !== undefined}
      onOpenChange={(open) => {
        if (!open) onIndexChange(null);
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[1000] bg-gray-950 motion-safe:animate-fade-in" />
        <RadixDialog.Content
          data-testid="photo-viewer"
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-[1001] flex flex-col px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-[max(0.75rem,env(safe-area-inset-bottom))] text-white focus:outline-none sm:px-6"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 pt-1 ps-1">
              <RadixDialog.Title className="truncate font-display text-xl font-semibold">
                {placeName}
              </RadixDialog.Title>
              <RadixDialog.Description className="text-sm text-white/85">
                {count > 1 && index !== null ? t('viewer.position', { number: index + 1, count }) : ''}
                {photo?.fromComment
                  ? photo.uploadedBy
                    ? t('viewer.sharedByWithComment', { name: photo.uploadedBy })
                    : t('viewer.sharedByParentWithComment')
                  : photo?.uploadedBy
                    ? t('viewer.sharedBy', { name: photo.uploadedBy })
                    : t('viewer.sharedByParent')}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close className={roundButton} aria-label={t('viewer.close')}>
              <X aria-hidden="true" className="h-6 w-6" />
            </RadixDialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center py-3">
            {photo && (
              <img
                src={serverFileUrl(photo.url)}
                alt={photo.alt}
                className="max-h-full max-w-full rounded-xl object-contain"
              />
            )}
          </div>
          {photo?.id !== undefined && (onReport || (onDelete && photo.canDelete)) && (
            <div className="flex flex-wrap items-center justify-center gap-3 pb-3">
              {onReport && (
                <button
                  type="button"
                  className={reportButton}
                  onClick={() => {
                    onReport(photo);
                  }}
                >
                  <Flag aria-hidden="true" className="h-5 w-5" />
                  {t('report')}
                </button>
              )}
              {onDelete && photo.canDelete && (
                <button
                  type="button"
                  className={deleteButton}
                  onClick={() => {
                    onDelete(photo);
                  }}
                >
                  <Trash2 aria-hidden="true" className="h-5 w-5" />
                  {t('viewer.delete')}
                </button>
              )}
            </div>
          )}
          {count > 1 && (
            <div className="flex items-center justify-center gap-6">
              <button
                type="button"
                className={roundButton}
                aria-label={t('viewer.previous')}
                onClick={() => {
                  go(-1);
                }}
              >
                <ChevronLeft aria-hidden="true" className="h-7 w-7 rtl:-scale-x-100" />
              </button>
              <button
                type="button"
                className={roundButton}
                aria-label={t('viewer.next')}
                onClick={() => {
                  go(1);
                }}
              >
                <ChevronRight aria-hidden="true" className="h-7 w-7 rtl:-scale-x-100" />
              </button>
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
