/**
 * A place's name in the parent's language where its source gives one (issue 46: OSM's
 * `name:<language>`), with the name it goes by locally beside it when the two differ (core
 * placeNameIn): "Marine Park · Meerespark". Each name is isolated (bdi), so a Latin name
 * stays readable inside Arabic text and the other way round. The server draws the same words
 * (same place, same language), so its HTML and the app's first render agree.
 */
import { placeNameIn, type PlaceNames } from '@playspot/core';
import { useTranslation } from 'react-i18next';

interface PlaceNameProps {
  readonly place: { readonly name: string; readonly names?: PlaceNames | undefined };
  /** The local name on a line of its own (a heading), rather than after a dot (a row). */
  readonly localOnOwnLine?: boolean;
}

export function PlaceName({ place, localOnOwnLine = false }: PlaceNameProps) {
  const { i18n } = useTranslation();
  const { name, localName } = placeNameIn(place, i18n.language);
  return (
    <>
      <bdi>{name}</bdi>
      {localName !== null && (
        <span
          data-testid="local-name"
          className={
            localOnOwnLine
              ? 'mt-1 block font-sans text-lg font-semibold text-gray-700'
              : 'font-normal text-gray-700'
          }
        >
          {localOnOwnLine ? null : ' · '}
          <bdi>{localName}</bdi>
        </span>
      )}
    </>
  );
}
