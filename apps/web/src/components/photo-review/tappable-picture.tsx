/**
 * The photo shown large in the review: one button the person taps where a face was missed (or
 * moves a marker over with the arrow keys and presses Enter/Space), with the faces the server
 * found outlined and the added blur boxes drawn blurred at once.
 */
import { blurAreaOf, type BlurBox } from '@playspot/core';
import { ScanFace } from 'lucide-react';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AddedBlur, boxPosition } from './blurred-picture.tsx';
import type { ReviewPicture } from './reviewed-photo.ts';
import { UNKNOWN_SIZE, type FaceCheck, type Size } from './use-face-check.ts';

/** A point on the picture, as fractions of its width and height. */
export interface PicturePoint {
  readonly x: number;
  readonly y: number;
}

/** How far an arrow key moves the keyboard's marker, as a share of the picture. */
const KEY_STEP = 0.05;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;

interface TappablePictureProps {
  readonly check: FaceCheck;
  /** What to show; null while the local photo is being prepared. */
  readonly picture: ReviewPicture | null;
  /** Whether taps add blur boxes (the photo is shown, checked or offline). */
  readonly canTap: boolean;
  readonly boxes: readonly BlurBox[];
  /** The ids of the texts that explain tapping and the keys. */
  readonly describedBy: string;
  /** A tap, or Enter/Space at the keyboard's marker: where, within the picture. */
  readonly onTap: (at: PicturePoint) => void;
  /** The local photo's real size, once loaded. */
  readonly onLocalSize: (size: Size) => void;
}

export function TappablePicture({
  check,
  picture,
  canTap,
  boxes,
  describedBy,
  onTap,
  onLocalSize,
}: TappablePictureProps) {
  const { t } = useTranslation('photo-review');
  const [cursor, setCursor] = useState<PicturePoint>({ x: 0.5, y: 0.5 });

  const add = (at: PicturePoint) => {
    onTap({ x: clamp01(at.x), y: clamp01(at.y) });
  };

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const frame = event.currentTarget.getBoundingClientRect();
    // Enter or Space (no pointer) blurs where the keyboard's marker is.
    if (event.detail === 0 || frame.width === 0 || frame.height === 0) {
      add(cursor);
      return;
    }
    const at = {
      x: (event.clientX - frame.left) / frame.width,
      y: (event.clientY - frame.top) / frame.height,
    };
    setCursor(at);
    add(at);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setCursor((current) => ({ x: clamp01(current.x + move[0]), y: clamp01(current.y + move[1]) }));
  };

  const faces = check.kind === 'checked' ? check.preview.faces : [];
  const shape = picture ?? UNKNOWN_SIZE;

  return (
    <div className="flex justify-center rounded-3xl bg-gray-900 p-1.5 [--picture-max-h:44dvh] sm:[--picture-max-h:52dvh] lg:[--picture-max-h:min(64dvh,36rem)]">
      <button
        type="button"
        disabled={!canTap}
        aria-label={t('tapArea')}
        aria-describedby={describedBy}
        onClick={onClick}
        onKeyDown={onKeyDown}
        className="group relative block cursor-crosshair overflow-hidden rounded-[1.25rem] bg-gray-800 select-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-400 disabled:cursor-default"
        style={{
          aspectRatio: `${shape.width} / ${shape.height}`,
          width: `min(100%, calc(var(--picture-max-h) * ${(shape.width / shape.height).toFixed(5)}))`,
        }}
      >
        {picture !== null && (
          <img
            src={picture.src}
            alt={check.kind === 'checked' ? t('previewAlt') : t('localAlt')}
            draggable={false}
            onLoad={(event) => {
              const image = event.currentTarget;
              if (check.kind !== 'checked' && image.naturalWidth > 0 && image.naturalHeight > 0)
                onLocalSize({ width: image.naturalWidth, height: image.naturalHeight });
            }}
            className={`absolute inset-0 h-full w-full transition-[filter] duration-200 ${canTap ? '' : 'scale-105 blur-xl brightness-90'}`}
          />
        )}
        {faces.map((face, number) => {
          const area = blurAreaOf(face);
          return area === null ? null : (
            <span
              key={number}
              data-face-area=""
              aria-hidden="true"
              className="pointer-events-none absolute rounded-[18%] border-2 border-dashed border-white/85"
              style={boxPosition(area)}
            />
          );
        })}
        {picture !== null &&
          canTap &&
          boxes.map((box, number) => <AddedBlur key={number} src={picture.src} box={box} />)}
        {canTap && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute hidden h-10 w-10 -translate-x-1/2 -translate-y-1/2 rounded-full border-3 border-white shadow-[0_0_0_2px_rgba(2,132,199,0.9)] group-focus-visible:block"
            style={{ left: percent(cursor.x), top: percent(cursor.y) }}
          />
        )}
        {check.kind === 'checking' && (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink/35 text-white">
            <span className="inline-flex items-center gap-2 rounded-full bg-ink/80 px-4 py-2 text-base font-bold shadow-lg">
              <ScanFace aria-hidden="true" className="h-5 w-5 motion-safe:animate-pulse" />
              {t('checking')}
            </span>
          </span>
        )}
      </button>
    </div>
  );
}
