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
import { blurAreaOf, MAX_ADDED_BLUR_BOXES, tappedBox, type BlurBox, type PhotoPreview } from '@playspot/core';
import { Check, Images, RefreshCw, ScanFace, ShieldCheck, WifiOff } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { previewPhoto, type PhotoPreviewer } from '../../lib/api/preview-photo.ts';
import { downscaleImage } from '../../lib/downscale-image.ts';
import { apiErrorMessage, handleError } from '../../lib/handle-error.ts';
import { canPickPhotosOnDevice, pickPhotosOnDevice } from '../../platform/device-photos.ts';
import { isOnline, onConnectivityChange } from '../../platform/network.ts';
import { Button, buttonClassName } from '../ui/button.tsx';
import { AppDialog } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { AddedBlur, boxPosition } from './blurred-picture.tsx';
import type { PhotoReviewProps, ReviewedPhoto, ReviewPicture } from './reviewed-photo.ts';

export interface PhotoReviewDialogProps extends PhotoReviewProps {
  /** Replaceable in tests. */
  readonly preview?: PhotoPreviewer;
  readonly prepare?: (file: File) => Promise<Blob>;
}

/** Where the server's look at the photo stands. */
type FaceCheck =
  | { readonly kind: 'checking' }
  | { readonly kind: 'checked'; readonly preview: PhotoPreview }
  | { readonly kind: 'offline' }
  | { readonly kind: 'failed'; readonly message: string; readonly canRetry: boolean };

/** The photo as it will be uploaded (downscaled in the browser), and an object URL of it. */
interface LocalPhoto {
  readonly file: File;
  readonly url: string | null;
}

interface Size {
  readonly width: number;
  readonly height: number;
}

/** Errors that another try will not mend: the file itself is refused. */
const PERMANENT = new Set([
  'unsupported_image',
  'image_too_large',
  'invalid_image',
  'file_too_large',
  'payload_too_large',
  'unsupported_media_type',
]);
/** Until the local photo has loaded its size is not known: a common photo shape meanwhile. */
const UNKNOWN_SIZE: Size = { width: 4, height: 3 };
/** How far an arrow key moves the keyboard's marker, as a share of the picture. */
const KEY_STEP = 0.05;

function failureOf(error: unknown, fallback: string): FaceCheck {
  if (!(error instanceof ApiError)) return { kind: 'failed', message: fallback, canRetry: true };
  if (error.code === 'network_error') return { kind: 'offline' };
  return { kind: 'failed', message: apiErrorMessage(error), canRetry: !PERMANENT.has(error.code) };
}

function objectUrl(blob: Blob): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
}

function revoke(url: string | null): void {
  if (url !== null && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const percent = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;

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
function PhotoCheck({
  file: chosen,
  last,
  onUse,
  onSkip,
  onChooseAnother,
  preview,
  prepare,
}: PhotoCheckProps) {
  const { t } = useTranslation('photo-review');
  const ids = { hint: useId(), keys: useId(), choose: useId() };
  const [local, setLocal] = useState<LocalPhoto | null>(null);
  const [localSize, setLocalSize] = useState<Size | null>(null);
  const [check, setCheck] = useState<FaceCheck>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const [boxes, setBoxes] = useState<readonly BlurBox[]>([]);
  const [cursor, setCursor] = useState({ x: 0.5, y: 0.5 });
  // The object URL handed to the parent with a photo used offline: theirs to free now.
  const handedOver = useRef<string | null>(null);

  // Downscale the chosen photo (what will be uploaded) and make a URL to show it.
  useEffect(() => {
    let cancelled = false;
    let url: string | null = null;
    void prepare(chosen)
      .catch(() => chosen)
      .then((blob) => {
        if (cancelled) return;
        const file =
          blob instanceof File
            ? blob
            : new File([blob], chosen.name, { type: blob.type === '' ? chosen.type : blob.type });
        url = objectUrl(file);
        setLocal({ file, url });
      });
    return () => {
      cancelled = true;
      if (url !== handedOver.current) revoke(url);
    };
  }, [chosen, prepare]);

  // Ask the server how the photo would be published (again after 'Try again').
  useEffect(() => {
    if (local === null) return;
    if (!isOnline()) {
      setCheck({ kind: 'offline' });
      return;
    }
    const controller = new AbortController();
    setCheck({ kind: 'checking' });
    preview(local.file, [], controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setCheck({ kind: 'checked', preview: answer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setCheck(failureOf(error, t('checkFailed')));
      },
    );
    return () => {
      controller.abort();
    };
  }, [local, attempt, preview, t]);

  // Offline: look again as soon as the connection is back.
  const offline = check.kind === 'offline';
  useEffect(() => {
    if (!offline) return;
    return onConnectivityChange(() => {
      if (isOnline()) setAttempt((count) => count + 1);
    });
  }, [offline]);

  const picture: ReviewPicture | null =
    check.kind === 'checked'
      ? { src: check.preview.preview, width: check.preview.width, height: check.preview.height }
      : local?.url
        ? { src: local.url, ...(localSize ?? UNKNOWN_SIZE) }
        : null;
  const canTap = (check.kind === 'checked' || check.kind === 'offline') && picture !== null;
  const full = boxes.length >= MAX_ADDED_BLUR_BOXES;

  const use = () => {
    if (local === null || !canTap) return;
    const shown = picture.src === local.url ? picture : null;
    if (shown !== null) handedOver.current = shown.src;
    onUse({
      photo: local.file,
      blurBoxes: boxes,
      picture,
      facesFound: check.kind === 'checked' ? check.preview.faces.length : null,
    });
  };

  const chooseAnother = (file: File | undefined) => {
    if (file) onChooseAnother(file);
  };

  const addBox = (at: { x: number; y: number }) => {
    if (!canTap || full) return;
    const box = tappedBox({ x: clamp01(at.x), y: clamp01(at.y) }, picture.width / picture.height);
    setBoxes((current) => (current.length >= MAX_ADDED_BLUR_BOXES ? current : [...current, box]));
  };

  const onTap = (event: MouseEvent<HTMLButtonElement>) => {
    const frame = event.currentTarget.getBoundingClientRect();
    // Enter or Space (no pointer) blurs where the keyboard's marker is.
    if (event.detail === 0 || frame.width === 0 || frame.height === 0) {
      addBox(cursor);
      return;
    }
    const at = {
      x: (event.clientX - frame.left) / frame.width,
      y: (event.clientY - frame.top) / frame.height,
    };
    setCursor(at);
    addBox(at);
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
    <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-stretch lg:gap-8">
      <div className="flex justify-center rounded-3xl bg-gray-900 p-1.5 [--picture-max-h:44dvh] sm:[--picture-max-h:52dvh] lg:[--picture-max-h:min(64dvh,36rem)]">
        <button
          type="button"
          disabled={!canTap}
          aria-label={t('tapArea')}
          aria-describedby={`${ids.hint} ${ids.keys}`}
          onClick={onTap}
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
                  setLocalSize({ width: image.naturalWidth, height: image.naturalHeight });
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

      <div className="mt-4 flex flex-col gap-3 lg:mt-1">
        <Status check={check} faces={faces.length} />
        {canTap && (
          <p id={ids.hint} className="text-base text-gray-800">
            {t('hint')}
          </p>
        )}
        <p id={ids.keys} className="sr-only">
          {t('keyboardHint')}
        </p>
        <p role="status" className="text-base font-bold text-ink empty:hidden">
          {boxes.length > 0 ? t('added', { count: boxes.length }) : ''}
        </p>
        {full && <p className="text-sm text-gray-700">{t('limit', { max: MAX_ADDED_BLUR_BOXES })}</p>}
        {check.kind === 'failed' && check.canRetry && (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => {
              setAttempt((count) => count + 1);
            }}
          >
            <RefreshCw aria-hidden="true" className="h-5 w-5" />
            {t('tryAgain')}
          </Button>
        )}

        <div className="mt-2 flex flex-col gap-2 lg:mt-auto">
          <div className="flex flex-wrap gap-2">
            {canPickPhotosOnDevice() ? (
              <Button
                variant="secondary"
                className="grow whitespace-nowrap"
                onClick={() => {
                  pickPhotosOnDevice('library', 1).then(
                    (picked) => {
                      chooseAnother(picked[0]);
                    },
                    (error: unknown) => {
                      handleError(error, t('chooseFailed'));
                    },
                  );
                }}
              >
                <Images aria-hidden="true" className="h-5 w-5 shrink-0" />
                {t('chooseAnother')}
              </Button>
            ) : (
              <ChooseAnotherInput id={ids.choose} onChosen={chooseAnother}>
                {t('chooseAnother')}
              </ChooseAnotherInput>
            )}
            <Button variant="quiet" className="grow whitespace-nowrap" onClick={onSkip}>
              {last ? t('cancel') : t('skip')}
            </Button>
          </div>
          <Button className="w-full" disabled={!canTap || local === null} onClick={use}>
            <Check aria-hidden="true" className="h-5 w-5" />
            {t('use')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** What the server's look found, or why it could not look. */
function Status({ check, faces }: { readonly check: FaceCheck; readonly faces: number }) {
  const { t } = useTranslation('photo-review');
  switch (check.kind) {
    case 'checking':
      return (
        <p className="flex items-center gap-2 text-base font-semibold text-gray-800">
          <Spinner label={t('checking')} />
          <span aria-hidden="true">{t('checking')}</span>
        </p>
      );
    case 'checked':
      return (
        <>
          <p role="status" className="flex items-center gap-2 text-lg font-bold text-ink">
            <ScanFace aria-hidden="true" className="h-6 w-6 shrink-0 text-park-700" />
            {faces === 0 ? t('noFaces') : t('faces', { count: faces })}
          </p>
          <p className="-mt-2 text-sm text-gray-700">{t('onlyBlurred')}</p>
        </>
      );
    case 'offline':
      return (
        <Notice tone="sun" icon={<WifiOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />}>
          {t('offline')}
        </Notice>
      );
    case 'failed':
      return <Notice tone="red">{check.message}</Notice>;
  }
}

function Notice({
  tone,
  icon,
  children,
}: {
  readonly tone: 'sun' | 'red';
  readonly icon?: ReactNode;
  readonly children: ReactNode;
}) {
  const look = tone === 'sun' ? 'bg-sun-50 text-sun-900 ring-sun-200' : 'bg-red-50 text-red-800 ring-red-200';
  return (
    <p role="alert" className={`flex gap-2 rounded-2xl p-3 text-base font-semibold ring-1 ${look}`}>
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** On the web: the browser's file chooser behind a button-looking label. */
function ChooseAnotherInput({
  id,
  onChosen,
  children,
}: {
  readonly id: string;
  readonly onChosen: (file: File | undefined) => void;
  readonly children: ReactNode;
}) {
  return (
    <>
      <input
        id={id}
        type="file"
        accept="image/*"
        className="peer sr-only"
        onChange={(event) => {
          onChosen(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <label
        htmlFor={id}
        className={buttonClassName(
          'secondary',
          'grow cursor-pointer whitespace-nowrap peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-600',
        )}
      >
        <Images aria-hidden="true" className="h-5 w-5 shrink-0 text-sun-700" />
        {children}
      </label>
    </>
  );
}
