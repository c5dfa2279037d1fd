/**
 * Inside the native app: 'Take a photo' (the camera) and 'Choose from library' instead of the
 * web's file chooser. The photos come back as files and take the web's path from there.
 */
import { Camera, Images } from 'lucide-react';
import { handleError } from '../lib/handle-error.ts';
import { pickPhotosOnDevice } from '../platform/device-photos.ts';
import { Button, type ButtonVariant } from './ui/button.tsx';
import { useTranslation } from 'react-i18next';

interface DevicePhotoButtonsProps {
  /** How many the library may hand over at once. */
  readonly limit: number;
  readonly disabled?: boolean;
  readonly variant?: ButtonVariant;
  readonly onPicked: (files: File[]) => void;
}

export function DevicePhotoButtons({
  limit,
  disabled = false,
  variant = 'secondary',
  onPicked,
}: DevicePhotoButtonsProps) {
  const { t } = useTranslation();
  const pick = (source: 'camera' | 'library') => {
    pickPhotosOnDevice(source, limit)
      .then((files) => {
        if (files.length > 0) onPicked(files);
      })
      .catch((error: unknown) => {
        handleError(error, source === 'camera' ? t('photos.cameraFailed') : t('photos.libraryFailed'));
      });
  };
  return (
    <>
      <Button
        type="button"
        variant={variant}
        disabled={disabled}
        onClick={() => {
          pick('camera');
        }}
      >
        <Camera aria-hidden="true" className="h-5 w-5 text-sun-700" />
        {t('photos.take')}
      </Button>
      <Button
        type="button"
        variant={variant}
        disabled={disabled}
        onClick={() => {
          pick('library');
        }}
      >
        <Images aria-hidden="true" className="h-5 w-5 text-sun-700" />
        {limit > 1 ? t('photos.chooseMany') : t('photos.chooseOne')}
      </Button>
    </>
  );
}
