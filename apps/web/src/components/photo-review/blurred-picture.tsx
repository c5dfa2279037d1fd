/**
 * A photo with the blur boxes the person added drawn over it at once, before the server has
 * blurred them for good: each box shows the same picture behind it, heavily blurred and
 * clipped to the box, so the face under it is hidden the moment it is tapped. The blur scales
 * with the box (container units), so a small thumbnail hides as well as the large preview.
 */
import type { BlurBox } from '@playspot/core';
import type { CSSProperties } from 'react';
import type { ReviewPicture } from './reviewed-photo.ts';

const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;

/** Where a box (fractions of the picture) sits over the picture, as CSS. */
export const boxPosition = (box: BlurBox) => ({
  left: percent(box.x),
  top: percent(box.y),
  width: percent(box.width),
  height: percent(box.height),
});

/** One added box: the picture behind it, blurred, clipped to the box. */
export function AddedBlur({ src, box }: { readonly src: string; readonly box: BlurBox }) {
  return (
    <span
      data-blur-box=""
      className="pointer-events-none absolute overflow-hidden rounded-[14%] bg-gray-400 ring-2 ring-white/95 shadow-[0_0_0_3px_rgba(17,24,39,0.35)]"
      style={{ ...boxPosition(box), containerType: 'size' }}
    >
      <img
        src={src}
        alt=""
        aria-hidden="true"
        draggable={false}
        className="absolute max-w-none"
        style={{
          left: percent(-box.x / box.width),
          top: percent(-box.y / box.height),
          width: percent(1 / box.width),
          height: percent(1 / box.height),
          filter: 'blur(16cqmin) saturate(0.9)',
          transform: 'scale(1.02)',
        }}
      />
    </span>
  );
}

interface BlurredPictureProps {
  readonly picture: ReviewPicture;
  readonly boxes: readonly BlurBox[];
  readonly alt: string;
  /** The frame's size and shape; the picture covers it, cropped in the middle (thumbnails). */
  readonly className?: string;
}

/** A thumbnail: the picture covering its square frame, with the added boxes over it. */
export function BlurredThumbnail({ picture, boxes, alt, className = '' }: BlurredPictureProps) {
  const wide = picture.width >= picture.height;
  const inner: CSSProperties = {
    aspectRatio: `${picture.width} / ${picture.height}`,
    ...(wide ? { height: '100%' } : { width: '100%' }),
  };
  return (
    <span className={`relative block overflow-hidden ${className}`}>
      <span className="absolute top-1/2 left-1/2 block -translate-x-1/2 -translate-y-1/2" style={inner}>
        <img src={picture.src} alt={alt} className="absolute inset-0 h-full w-full" draggable={false} />
        {boxes.map((box, index) => (
          <AddedBlur key={index} src={picture.src} box={box} />
        ))}
      </span>
    </span>
  );
}
