/**
 * A place's name in the parent's language (issue 46): OpenStreetMap often names a place in
 * several languages (`name:en`, `name:ar`…). The page and the list show the parent's, with the
 * name the place goes by locally beside it when the two differ, so a parent can still read the
 * sign at the gate and ask the way. The import keeps them (import/osm-mapping.ts namesFromOsm).
 */
import type { PlaceNames } from './schemas/place-summary.ts';

/** What a place is called for a parent: the name to show first, and the local one beside it. */
export interface PlaceNameInLanguage {
  /** The parent's language's name, else the local name. */
  readonly name: string;
  /** The local name when `name` is another ('Marine Park' beside 'Meerespark'), else null. */
  readonly localName: string | null;
}

/** The name to show a parent reading `language` ('en', 'de'; a region is ignored). */
export function placeNameIn(
  place: { readonly name: string; readonly names?: PlaceNames | undefined },
  language: string,
): PlaceNameInLanguage {
  const base = language.toLowerCase().split(/[-_]/u)[0] ?? '';
  const own = (place.names as Readonly<Record<string, string | undefined>> | undefined)?.[base];
  if (own === undefined || own === place.name) return { name: place.name, localName: null };
  return { name: own, localName: place.name };
}
