/**
 * "Embed this map" (issue 47): the <iframe> code of PlaySpot's embeddable map, for this place
 * or the play spots around it, in the language the parent reads. The code fills the width of
 * the site's column (core embedIframeHtml); docs/embedding.md tells a web team the rest.
 */
import { embedIframeHtml, embedPathOf, EMBED_DEFAULT_SIZE } from '@playspot/core';
import { Copy, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { env } from '../../../config/env.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { absoluteUrl, copyText } from '../../../platform/share.ts';

export interface EmbeddedPlace {
  readonly id: string;
  readonly name: string;
  readonly latitude?: number;
  readonly longitude?: number;
}

/** What the code embeds: this place, or the play spots around it. */
const EMBED_CHOICES = ['place', 'nearby'] as const;

/** "Play spots nearby": this far around the place. */
const NEARBY_RADIUS_KM = 2;

export function EmbedDialog({
  place,
  open,
  onDismiss,
}: {
  readonly place: EmbeddedPlace;
  readonly open: boolean;
  readonly onDismiss: () => void;
}) {
  const { t } = useTranslation('location-details');
  const [what, setWhat] = useState<'place' | 'nearby'>('place');
  const codeId = useId();
  // Nothing to draw closed (nor on the server, which has no address to build the code on).
  if (!open) return null;
  const language = currentLanguage();
  const nearby =
    what === 'nearby' && place.latitude !== undefined && place.longitude !== undefined
      ? {
          center: { lat: place.latitude, lng: place.longitude },
          radiusKm: NEARBY_RADIUS_KM,
        }
      : null;
  const path = embedPathOf(
    nearby === null
      ? { kind: 'place', placeId: place.id, language }
      : { kind: 'map', centre: nearby, language },
  );
  const title = `${nearby === null ? place.name : t('share.nearby')} · ${env.productName}`;
  const code = embedIframeHtml(absoluteUrl(path), title, EMBED_DEFAULT_SIZE, true);
  const copy = async () => {
    if (await copyText(code)) notifySuccess(t('share.codeCopied'));
    else handleError(new Error('No clipboard'), t('share.copyFailed'));
  };
  return (
    <AppDialog
      open={open}
      onDismiss={onDismiss}
      title={t('share.embedTitle')}
      description={t('share.embedDescription', { product: env.productName })}
      testId="embed-dialog"
    >
      <div className="mt-4 flex flex-col gap-4">
        {place.latitude !== undefined && (
          <fieldset className="flex flex-wrap gap-2">
            {EMBED_CHOICES.map((choice) => (
              <label
                key={choice}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-gray-300 px-4 font-bold text-ink has-[:checked]:border-park-700 has-[:checked]:bg-park-50"
              >
                <input
                  type="radio"
                  name={`${codeId}-what`}
                  checked={what === choice}
                  onChange={() => {
                    setWhat(choice);
                  }}
                  className="accent-park-700"
                />
                {choice === 'place' ? t('share.thisPlace') : t('share.nearby')}
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={codeId} className="font-bold text-ink">
            {t('share.code')}
          </label>
          <textarea
            id={codeId}
            readOnly
            dir="ltr"
            rows={5}
            value={code}
            onFocus={(event) => {
              event.currentTarget.select();
            }}
            className="w-full rounded-2xl border border-gray-300 bg-gray-50 p-3 font-mono text-sm text-ink"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClassName('primary')} onClick={() => void copy()}>
            <Copy aria-hidden="true" className="h-5 w-5" />
            {t('share.copy')}
          </button>
          <a href={absoluteUrl(path)} target="_blank" rel="noopener" className={buttonClassName('secondary')}>
            <ExternalLink aria-hidden="true" className="h-5 w-5 text-park-700" />
            {t('share.preview')}
          </a>
        </div>
      </div>
    </AppDialog>
  );
}
