/**
 * 'Share': a small menu with the place's link (the phone's share sheet through
 * platform/share.ts, or the link copied with a toast where there is no share sheet) and
 * "Embed this map" (issue 47), the <iframe> code a council, a school or a blog pastes.
 */
import { Code2, Link2, Share2 } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { useMenuDismiss } from '../../../components/use-menu-dismiss.ts';
import { env } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { absoluteUrl, shareLink } from '../../../platform/share.ts';
import { EmbedDialog, type EmbeddedPlace } from './embed-dialog.tsx';

const ITEM =
  'flex min-h-11 w-full items-center gap-3 rounded-2xl px-3 text-start text-base font-bold text-ink hover:bg-sun-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600';

export function ShareButton({ place }: { readonly place: EmbeddedPlace }) {
  const { t } = useTranslation('location-details');
  const [sharing, setSharing] = useState(false);
  const [open, setOpen] = useState(false);
  const [embedding, setEmbedding] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => {
    setOpen(false);
  }, []);
  useMenuDismiss(open, closeMenu, root);

  const share = async () => {
    setOpen(false);
    setSharing(true);
    const path = paths.place.build(place.id);
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
    <div ref={root} className="relative">
      <button
        type="button"
        className={buttonClassName('secondary', 'w-full')}
        disabled={sharing}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen((current) => !current);
        }}
      >
        <Share2 aria-hidden="true" className="h-5 w-5 text-park-700" />
        {t('share.button')}
      </button>
      {open && (
        <div
          id={menuId}
          role="group"
          aria-label={t('share.menu')}
          className="absolute end-0 bottom-full z-[900] mb-2 w-64 rounded-3xl bg-white p-2 shadow-xl ring-1 ring-black/5"
        >
          <button type="button" className={ITEM} onClick={() => void share()}>
            <Link2 aria-hidden="true" className="h-5 w-5 text-park-700" />
            {t('share.link')}
          </button>
          <button
            type="button"
            className={ITEM}
            onClick={() => {
              setOpen(false);
              setEmbedding(true);
            }}
          >
            <Code2 aria-hidden="true" className="h-5 w-5 text-park-700" />
            {t('share.embed')}
          </button>
        </div>
      )}
      <EmbedDialog
        place={place}
        open={embedding}
        onDismiss={() => {
          setEmbedding(false);
        }}
      />
    </div>
  );
}
