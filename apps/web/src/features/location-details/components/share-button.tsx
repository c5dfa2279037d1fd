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

export function ShareButton({ place }: { readonly place: { readonly id: string; readonly name: string } }) {
  const [sharing, setSharing] = useState(false);
  const share = async () => {
    setSharing(true);
    const path = paths.location.build(place.id);
    try {
      const outcome = await shareLink({
        title: place.name,
        text: `${place.name} on ${env.productName}`,
        path,
      });
      if (outcome === 'copied') notifySuccess('Link copied. Paste it in a message to share this place.');
      if (outcome === 'unavailable')
        handleError(
          new Error('No share sheet or clipboard'),
          `Copy this link to share the place: ${absoluteUrl(path)}`,
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
      Share
    </button>
  );
}
