/**
 * The place whose card is open on /MapView, and what opening it does: the choice is recorded,
 * the list's centre holds still and the sheet rises.
 */
import type { LatLng } from '@playspot/core';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { trackViewPlace } from '../../../lib/analytics/analytics.ts';
import { useSearchParamState } from '../../../lib/use-search-param-state.ts';
import type { SheetSnap } from './use-sheet-drag.ts';

/** The query parameter naming the place whose card is open. */
export const SELECTED_PLACE_PARAM = 'place';

/** Where a place was opened from, as analytics records it. */
export type OpenedFrom = 'map_marker' | 'list' | 'search';

export interface OpenPlace {
  readonly selectedId: string | null;
  readonly closeCard: () => void;
  /** The list's centre while a card is open, null otherwise. */
  readonly heldCenter: LatLng | null;
  readonly snap: SheetSnap;
  readonly setSnap: (snap: SheetSnap) => void;
  /** Opens a place's card; the list holds still at `listCenter` until it closes. */
  readonly select: (id: string, source: OpenedFrom, listCenter: LatLng) => void;
}

export function useOpenPlace(): OpenPlace {
  // The open place is in the URL (?place=…): Back closes the card before it leaves the map,
  // and coming back from the place's page (or a reload) finds the card open again.
  const { value: selectedId, open: openPlace, close: closeCard } = useSearchParamState(SELECTED_PLACE_PARAM);
  // While a place is open the list's centre holds still: bringing the place into view pans
  // the map, and distances should not all shift under the card.
  const [heldCenter, setHeldCenter] = useState<LatLng | null>(null);
  const [snap, setSnap] = useState<SheetSnap>('peek');

  const select = useCallback(
    (id: string, source: OpenedFrom, listCenter: LatLng) => {
      trackViewPlace(id, source);
      // The card is drawn in a transition: the tap is answered at the next frame (the pressed
      // row, the map starting to move) and the sheet follows, instead of one task drawing the
      // panel, the card and the list's centre before anything moves (issue 42: 235 ms at a
      // 4× slower CPU, against 200).
      startTransition(() => {
        setHeldCenter((held) => held ?? listCenter);
        openPlace(id);
        setSnap((current) => (current === 'peek' ? 'half' : current));
      });
    },
    [openPlace],
  );
  // However the card closed (its button, or Back), the list follows the map again; a card
  // opened from the URL rises with the sheet.
  useEffect(() => {
    if (selectedId === null) setHeldCenter(null);
    else setSnap((current) => (current === 'peek' ? 'half' : current));
  }, [selectedId]);

  return { selectedId, closeCard, heldCenter, snap, setSnap, select };
}
