/** A place's photo, or (no photo yet) a tile with its indoor/outdoor glyph in the marker's colours. */
import { House, MapPin, TreePine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PlacePhoto } from '../utils/place-photo.ts';
import { placeKind } from '../utils/place-kind.ts';
import { serverFileUrl } from '../../../lib/api-client.ts';

interface PlaceThumbnailProps {
  readonly name: string;
  readonly indoor: boolean | null;
  readonly photo: PlacePhoto | null;
  readonly className?: string;
}

const TILE = {
  indoor: { Icon: House, colours: 'bg-violet-100 text-violet-700' },
  outdoor: { Icon: TreePine, colours: 'bg-park-100 text-park-700' },
  unknown: { Icon: MapPin, colours: 'bg-stone-100 text-stone-600' },
} as const;

export function PlaceThumbnail({ name, indoor, photo, className = 'h-16 w-16' }: PlaceThumbnailProps) {
  const { t } = useTranslation('map');
  if (photo) {
    return (
      <img
        src={serverFileUrl(photo.thumbnailUrl)}
        alt={t('photoOf', { name })}
        loading="lazy"
        decoding="async"
        className={`${className} shrink-0 rounded-2xl bg-gray-100 object-cover`}
      />
    );
  }
  const { Icon, colours } = TILE[placeKind(indoor)];
  return (
    <span
      aria-hidden="true"
      className={`${className} ${colours} flex shrink-0 items-center justify-center rounded-2xl`}
    >
      <Icon className="h-1/2 w-1/2" strokeWidth={1.75} />
    </span>
  );
}
