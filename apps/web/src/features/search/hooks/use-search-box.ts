/**
 * The search box's state: what is typed, the search that runs once typing pauses (recorded
 * as search_location), the towns first and then the places, and the list's keyboard moves.
 */
import type { LatLng, Place, TownResult } from '@playspot/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { analytics } from '../../../lib/analytics/analytics.ts';
import { usePlaceSearch } from '../api/search-places.ts';
import { useTownSearch } from '../api/search-towns.ts';
import { searchableText } from '../utils/search-text.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/** One row of the list: a town (first) or a play spot. */
export type SearchOption = { kind: 'town'; town: TownResult } | { kind: 'place'; place: Place };

interface SearchBoxOptions {
  readonly center: LatLng;
  readonly onChoose: (place: Place) => void;
  readonly onChooseTown: ((town: TownResult) => void) | undefined;
  /** The chosen town's name: the box shows it, and it is not searched again. */
  readonly town?: string | null;
  readonly onClearTown?: (() => void) | undefined;
}

export function useSearchBox({ center, onChoose, onChooseTown, town = null, onClearTown }: SearchBoxOptions) {
  const [typed, setTyped] = useState(town ?? '');
  // The box follows the chosen town (issue 45: after choosing one it still said what was
  // typed): a town chosen shows its name, a town let go (chip, 'Back to my position') empties it.
  const [shownTown, setShownTown] = useState(town);
  if (shownTown !== town) {
    setShownTown(town);
    if (town !== null || typed === shownTown) setTyped(town ?? '');
  }
  const showsTown = town !== null && typed === town;
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const tracked = useRef<string | null>(null);
  const search = usePlaceSearch(text, center);
  const towns = useTownSearch(onChooseTown ? text : null, center);
  const results: SearchOption[] =
    text === null
      ? []
      : [
          ...(onChooseTown ? (towns.data?.items ?? []) : []).map((town) => ({ kind: 'town' as const, town })),
          ...(search.data?.items ?? []).map((place) => ({ kind: 'place' as const, place })),
        ];

  // Ask the server once typing pauses (not for the chosen town's name, put there by the app).
  useEffect(() => {
    if (showsTown) {
      setText(null);
      return;
    }
    const timer = setTimeout(() => {
      setText(searchableText(typed));
      setActive(-1);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed, showsTown]);

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

  const choose = (option: SearchOption) => {
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

  const waiting = !showsTown && (searchableText(typed) !== text || (text !== null && search.isFetching));
  const showPanel = open && text !== null;

  const clear = () => {
    if (showsTown) onClearTown?.();
    setTyped('');
    setText(null);
    setOpen(false);
  };
  const type = (next: string) => {
    setTyped(next);
    setOpen(true);
  };

  return {
    typed,
    text,
    active,
    listId,
    root,
    search,
    results,
    waiting,
    showPanel,
    choose,
    onKeyDown,
    clear,
    type,
    openList: () => {
      setOpen(true);
    },
  };
}
