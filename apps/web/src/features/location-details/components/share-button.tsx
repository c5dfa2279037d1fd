/**
 * 'Share': the phone's share sheet with the place's link (Web Share API, through
 * platform/share.ts), or the link copied with a toast where there is no share sheet.
 */
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { env } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { absoluteUrl, shareLink } from '../../../platform/share.ts';
import { useTranslation } from 'react-i18next';

export function ShareButton({ place }: { readonly place: { readonly id: string; readonly name: string } }) {
  const { t } = useTranslation('location-details');
  const [sharing, setSharing] = useState(false);
  const share = async () => {
    setSharing(true);
    const path = paths.location.build(place.id);
    try {
      const outcome = await shareLink({
        title: place.name,
        text: t('share.text', { name: place.name, product: env.productName }),
        path,
      });
      if (outcome === 'copied') notifySuccess(t('share.copied'));
      if (outcome === 'unavailable')
        handleError(
          new Error('No share sheet or clipboard'),
          t('share.copyThis', { url: absoluteUrl(path) }),
        );
    } finally {
      setSharing(false);
    }
  };
  return (
    <button
      type="button"
      className={buttonClassName('secondary', 'w-full')}
      disabled={sharing}
      onClick={() => void share()}
    >
      <Share2 aria-hidden="true" className="h-5 w-5 text-park-700" />
      {t('share.button')}
    </button>
  );
}
