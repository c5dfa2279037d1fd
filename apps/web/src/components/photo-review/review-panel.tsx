/**
 * Beside (or below) the photo in the review: what the server's look found or why it could not
 * look, how to blur a missed face, the boxes added so far, and the choices: try again, choose
 * another photo, skip or cancel, use this photo.
 */
import { MAX_ADDED_BLUR_BOXES } from '@playspot/core';
import { Check, Images, RefreshCw, ScanFace, WifiOff } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../lib/handle-error.ts';
import { canPickPhotosOnDevice, pickPhotosOnDevice } from '../../platform/device-photos.ts';
import { Button, buttonClassName } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { FaceCheck } from './use-face-check.ts';

interface ReviewPanelProps {
  readonly check: FaceCheck;
  /** Whether taps on the picture add blur boxes (and so whether to explain how). */
  readonly canTap: boolean;
  /** Blur boxes added so far. */
  readonly added: number;
  /** No more boxes can be added. */
  readonly full: boolean;
  /** Ids for the tapping hint and the keyboard hint, which the picture is described by. */
  readonly hintId: string;
  readonly keysId: string;
  /** The last (or only) photo picked: its quiet button cancels rather than skips. */
  readonly last: boolean;
  readonly canUse: boolean;
  readonly onRetry: () => void;
  readonly onChooseAnother: (file: File) => void;
  readonly onSkip: () => void;
  readonly onUse: () => void;
}

export function ReviewPanel({
  check,
  canTap,
  added,
  full,
  hintId,
  keysId,
  last,
  canUse,
  onRetry,
  onChooseAnother,
  onSkip,
  onUse,
}: ReviewPanelProps) {
  const { t } = useTranslation('photo-review');
  const chooseId = useId();

  const chooseAnother = (file: File | undefined) => {
    if (file) onChooseAnother(file);
  };

  return (
    <div className="mt-4 flex flex-col gap-3 lg:mt-1">
      <Status check={check} />
      {canTap && (
        <p id={hintId} className="text-base text-gray-800">
          {t('hint')}
        </p>
      )}
      <p id={keysId} className="sr-only">
        {t('keyboardHint')}
      </p>
      <p role="status" className="text-base font-bold text-ink empty:hidden">
        {added > 0 ? t('added', { count: added }) : ''}
      </p>
      {full && <p className="text-sm text-gray-700">{t('limit', { max: MAX_ADDED_BLUR_BOXES })}</p>}
      {check.kind === 'failed' && check.canRetry && (
        <Button variant="secondary" className="self-start" onClick={onRetry}>
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
            <ChooseAnotherInput id={chooseId} onChosen={chooseAnother}>
              {t('chooseAnother')}
            </ChooseAnotherInput>
          )}
          <Button variant="quiet" className="grow whitespace-nowrap" onClick={onSkip}>
            {last ? t('cancel') : t('skip')}
          </Button>
        </div>
        <Button className="w-full" disabled={!canUse} onClick={onUse}>
          <Check aria-hidden="true" className="h-5 w-5" />
          {t('use')}
        </Button>
      </div>
    </div>
  );
}

/** What the server's look found, or why it could not look. */
function Status({ check }: { readonly check: FaceCheck }) {
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
            {check.preview.faces.length === 0
              ? t('noFaces')
              : t('faces', { count: check.preview.faces.length })}
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
