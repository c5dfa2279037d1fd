/**
 * Search over the map: type a name or a word ('splash', 'library'); places near the view's
 * centre appear below as a list box (arrow keys, Enter, Escape, or tap). Choosing one flies
 * the map there and opens it. Each search that runs is recorded as search_location.
 */
import { distanceToPlaceKm, type LatLng, type Location, type TownResult } from '@playspot/core';
import { Building2, House, LoaderCircle, Search, Trees, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { useLocationSearch } from '../api/search-locations.ts';
import { useTownSearch } from '../api/search-towns.ts';
import { searchableText } from '../utils/search-text.ts';
import { useTranslation } from 'react-i18next';
import { localDistance } from '../../../lib/i18n/format.ts';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** Where to search around (the map's centre). */
  readonly center: LatLng;
  /** The person's exact position: distances are measured from it when known, else from `center`. */
  readonly origin?: LatLng | null;
  /** The input's id (so the page can put the cursor in it). */
  readonly inputId?: string;
  readonly onChoose: (place: Location) => void;
  /** A town or suburb chosen: the map moves there. */
  readonly onChooseTown?: (town: TownResult) => void;
}

/** One row of the list: a town (first) or a play spot. */
type Option = { kind: 'town'; town: TownResult } | { kind: 'place'; place: Location };

export function SearchBox({ center, origin = null, inputId, onChoose, onChooseTown }: SearchBoxProps) {
  const { t, i18n } = useTranslation('search');
  const [typed, setTyped] = useState('');
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const tracked = useRef<string | null>(null);
  const search = useLocationSearch(text, center);
  const towns = useTownSearch(onChooseTown ? text : null, center);
  const results: Option[] =
    text === null
      ? []
      : [
          ...(onChooseTown ? (towns.data?.items ?? []) : []).map((town) => ({ kind: 'town' as const, town })),
          ...(search.data?.items ?? []).map((place) => ({ kind: 'place' as const, place })),
        ];

  // Ask the server once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      setText(searchableText(typed));
      setActive(-1);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed]);

  useEffect(() => {
    if (text !== null && search.isSuccess && !search.isPlaceholderData && tracked.current !== text) {
      tracked.current = text;
      analytics.track('search_location', { search_term: text, results: search.data.items.length });
    }
  }, [text, search.isSuccess, search.isPlaceholderData, search.data]);

  // A tap elsewhere closes the list.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const choose = (option: Option) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === 'town') onChooseTown?.(option.town);
    else onChoose(option.place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const waiting = searchableText(typed) !== text || (text !== null && search.isFetching);
  const showPanel = open && text !== null;

  return (
    <div ref={root} className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-gray-600"
      />
      <input
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
          setTyped(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className="h-12 w-full rounded-full border-0 bg-white pr-12 pl-12 text-base text-ink shadow-lg ring-1 ring-black/10 placeholder:text-gray-600 focus:outline-3 focus:outline-offset-2 focus:outline-sky-600 [&::-webkit-search-cancel-button]:hidden"
      />
      {typed !== '' && (
        <button
          type="button"
          aria-label={t('clear')}
          onClick={() => {
            setTyped('');
            setText(null);
            setOpen(false);
          }}
          className="absolute top-1/2 right-1 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-sky-600"
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
                    <>
                      <Building2 aria-hidden="true" className="h-5 w-5 shrink-0 text-sky-700" />
                      {/* Two lines: a long country name must not cut the town's name short. */}
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-base font-semibold text-ink">
                          {option.town.name}
                        </span>
                        <span className="block truncate text-sm text-gray-700">
                          {t('town', { country: countryName(option.town.country, i18n.language) })}
                        </span>
                      </span>
                    </>
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

function PlaceOption({ place, from, language }: { place: Location; from: LatLng; language: string }) {
  return (
    <>
      {place.indoor ? (
        <House aria-hidden="true" className="h-5 w-5 shrink-0 text-violet-700" />
      ) : (
        <Trees aria-hidden="true" className="h-5 w-5 shrink-0 text-park-700" />
      )}
      <span className="min-w-0 flex-1 truncate text-base font-semibold text-ink">{place.name}</span>
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
