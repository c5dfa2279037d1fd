/**
 * The place's photos: a hero picture, a row of thumbnails, and a full-size viewer that
 * names who shared each photo. Every image has alt text.
 */
import type { Location } from '@playspot/core';
import { Camera, Images } from 'lucide-react';
import { useState } from 'react';
import { PhotoViewer } from './photo-viewer.tsx';

interface GalleryPhoto {
  readonly url: string;
  readonly thumbnailUrl: string;
  readonly uploadedBy: string | null;
}

/** Location photos (comment photos are shown with their comments). */
export function galleryPhotos(location: Pick<Location, 'imageMetaData' | 'imageUrls'>): GalleryPhoto[] {
  const described = location.imageMetaData
    .filter((image) => image.commentId === undefined)
    .map((image) => ({
      url: image.url,
      thumbnailUrl: image.thumbnailUrl ?? image.url,
      uploadedBy: image.uploadedBy.userName,
    }));
  if (described.length > 0 || location.imageMetaData.length > 0) return described;
  return location.imageUrls.map((url) => ({ url, thumbnailUrl: url, uploadedBy: null }));
}

const photoAlt = (name: string, index: number, count: number) =>
  count > 1 ? `Photo ${index + 1} of ${count} of ${name}` : `Photo of ${name}`;

export function PhotoGallery({ location }: { readonly location: Location }) {
  const photos = galleryPhotos(location);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = photos.length;
  const hero = photos[0];

  if (!hero) {
    return (
      <div className="flex aspect-[16/9] w-full flex-col items-center justify-center gap-2 rounded-3xl bg-gradient-to-br from-park-100 to-sun-100 text-park-800">
        <Camera aria-hidden="true" className="h-10 w-10" />
        <p className="text-base font-bold">No photos yet: add one with a comment below.</p>
      </div>
    );
  }

  const show = (index: number) => {
    setOpenIndex(index);
  };

  return (
    <section aria-label="Photos">
      <button
        type="button"
        onClick={() => {
          show(0);
        }}
        className="group relative block w-full overflow-hidden rounded-3xl bg-gray-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        aria-label={`Open ${photoAlt(location.name, 0, count).toLowerCase()} full size`}
      >
        <img
          src={hero.url}
          alt={photoAlt(location.name, 0, count)}
          className="aspect-[16/9] w-full object-cover transition-transform duration-200 group-hover:scale-[1.01]"
        />
        {count > 1 && (
          <span className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-ink/75 px-3 py-1 text-sm font-bold text-white">
            <Images aria-hidden="true" className="h-4 w-4" />
            {count} photos
          </span>
        )}
      </button>
      {count > 1 && (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1" aria-label="All photos">
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
                  src={photo.thumbnailUrl}
                  alt={photoAlt(location.name, index, count)}
                  loading="lazy"
                  className="h-16 w-20 bg-gray-100 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoViewer
        placeName={location.name}
        photos={photos.map((photo, index) => ({
          url: photo.url,
          alt: photoAlt(location.name, index, count),
          uploadedBy: photo.uploadedBy,
        }))}
        index={openIndex}
        onIndexChange={setOpenIndex}
      />
    </section>
  );
}
