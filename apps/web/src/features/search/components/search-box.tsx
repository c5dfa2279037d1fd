/**
 * Search over the map: type a name or a word ('splash', 'library'); places near the view's
 * centre appear below as a list box (arrow keys, Enter, Escape, or tap). Choosing one flies
 * the map there and opens it. Each search that runs is recorded as search_location.
 */
import { distanceToPlaceKm, type LatLng, type Place, type TownResult } from '@playspot/core';
import { Building2, House, LoaderCircle, Search, Trees, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration.ts';
import { useSearchBox } from '../hooks/use-search-box.ts';
import { localDistance } from '../../../lib/i18n/distance.ts';
import { PlaceName } from '../../../components/place-name.tsx';

interface SearchBoxProps {
  /** Where to search around (the map's centre). */
  readonly center: LatLng;
  /** The person's exact position: distances are measured from it when known, else from `center`. */
  readonly origin?: LatLng | null;
  /** The input's id (so the page can put the cursor in it). */
  readonly inputId?: string;
  readonly onChoose: (place: Place) => void;
  /** A town or suburb chosen: the map moves there. */
  readonly onChooseTown?: (town: TownResult) => void;
  /** The town chosen (its name as the parent typed it): the box shows it (issue 45). */
  readonly town?: string | null;
  /** The box cleared while it shows the chosen town: the town is let go too. */
  readonly onClearTown?: () => void;
}

export function SearchBox(props: SearchBoxProps) {
  const { center, origin = null, inputId, onChoose, onChooseTown, town = null, onClearTown } = props;
  const { t, i18n } = useTranslation('search');
  const box = useSearchBox({ center, onChoose, onChooseTown, town, onClearTown });
  const { typed, text, active, listId, root, search, results, waiting, showPanel } = box;
  const { choose, onKeyDown, clear, type, openList } = box;
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, typed, type);

  return (
    <div ref={root} className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 start-4 h-5 w-5 -translate-y-1/2 text-gray-600"
      />
      <input
        ref={field}
        id={inputId}
        type="search"
        role="combobox"
        aria-label={t('label')}
        aria-expanded={showPanel}
        aria-controls={showPanel && results.length > 0 ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t('placeholder')}
        value={typed}
        onChange={(event) => {
          type(event.target.value);
        }}
        onFocus={openList}
        onKeyDown={onKeyDown}
        className="h-12 w-full rounded-full border-0 bg-white pe-12 ps-12 text-base text-ink shadow-lg ring-1 ring-black/10 placeholder:text-gray-600 focus:outline-3 focus:outline-offset-2 focus:outline-sky-600 [&::-webkit-search-cancel-button]:hidden"
      />
      {typed !== '' && (
        <button
          type="button"
          aria-label={t('clear')}
          onClick={clear}
          className="absolute top-1/2 end-1 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-sky-600"
        >
          {waiting ? (
            <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
          ) : (
            <X aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
      )}
      {showPanel && (
        <div className="absolute inset-x-0 top-full mt-2 max-h-[min(60vh,24rem)] overflow-y-auto rounded-3xl bg-white shadow-xl ring-1 ring-black/10">
          {results.length > 0 && (
            <ul id={listId} role="listbox" aria-label={t('results')} className="py-2">
              {results.map((option, index) => (
                <li
                  key={option.kind === 'town' ? `town-${String(index)}` : option.place.id}
                  id={`${listId}-${String(index)}`}
                  role="option"
                  aria-selected={index === active}
                  onClick={() => {
                    choose(option);
                  }}
                  className="flex min-h-12 cursor-pointer items-center gap-3 px-4 py-2 hover:bg-sun-50 aria-selected:bg-sun-100"
                >
                  {option.kind === 'town' ? (
                    <TownOption town={option.town} />
                  ) : (
                    <PlaceOption place={option.place} from={origin ?? center} language={i18n.language} />
                  )}
                </li>
              ))}
            </ul>
          )}
          {!waiting && search.isSuccess && results.length === 0 && (
            <p className="px-4 pb-3 text-base text-gray-700">{t('none', { text })}</p>
          )}
          {search.isError && <p className="px-4 pb-3 text-base text-red-700">{t('failed')}</p>}
        </div>
      )}
    </div>
  );
}

function TownOption({ town }: { readonly town: TownResult }) {
  const { t, i18n } = useTranslation('search');
  return (
    <>
      <Building2 aria-hidden="true" className="h-5 w-5 shrink-0 text-sky-700" />
      {/* Two lines: a long country name must not cut the town's name short. */}
      <span className="min-w-0 flex-1">
        {/* The parent's word for the town first, the gazetteer's beside it ("München · Munich"). */}
        <span className="block truncate text-base font-semibold text-ink">
          {town.matchedName ?? town.name}
          {town.matchedName !== undefined && (
            <span className="font-normal text-gray-700">
              {' · '}
              {town.name}
            </span>
          )}
        </span>
        <span className="block truncate text-sm text-gray-700">
          {t('town', { country: countryName(town.country, i18n.language) })}
        </span>
      </span>
    </>
  );
}

function PlaceOption({ place, from, language }: { place: Place; from: LatLng; language: string }) {
  return (
    <>
      {place.indoor ? (
        <House aria-hidden="true" className="h-5 w-5 shrink-0 text-violet-700" />
      ) : (
        <Trees aria-hidden="true" className="h-5 w-5 shrink-0 text-park-700" />
      )}
      <span className="min-w-0 flex-1 truncate text-base font-semibold text-ink">
        <PlaceName place={place} />
      </span>
      <span className="shrink-0 text-sm text-gray-700">
        {localDistance(distanceToPlaceKm(from, place), language)}
      </span>
    </>
  );
}

/** A country's name in the language ('NZ' → 'New Zealand', 'Neuseeland'); the code when unknown. */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
