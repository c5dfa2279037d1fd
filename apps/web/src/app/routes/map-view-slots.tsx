/**
 * What /MapView puts into the map explorer's slots: the search box, the position notice, and
 * a place card's live conditions and heart. Each is kept while its inputs stay, so the
 * memoised list, markers and overlays are redrawn only when what they show changes (issue 42).
 */
import type { CurrentUser, LatLng, TownResult } from '@playspot/core';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { AddPlaceLink } from '../../features/contribute/components/add-place-link.tsx';
import type { ChosenTown, MapSearchSlot } from '../../features/map/types.ts';
import type { UserPosition } from '../../features/user-position/user-position.ts';
import { paths } from '../../config/paths.ts';
import { SuspenseAfterHydration } from '../../components/suspense-after-hydration.tsx';
import { loadNamespaces } from '../../lib/i18n/i18n.ts';
import { lazyWithPreload } from '../../lib/lazy-with-preload.ts';

// Part of the first screen the server draws (src/ssr/): loaded with the route (preloadMapView).
const SearchBox = lazyWithPreload(async () => {
  const [module] = await Promise.all([
    import('../../features/search/components/search-box.tsx'),
    loadNamespaces('search'),
  ]);
  return module.SearchBox;
});

/** What the route's first render shows besides itself (the search box). */
export function preloadMapView(): Promise<void> {
  return SearchBox.preload();
}
// Only for an old position or one set by hand: after the list.
const PositionNotice = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/user-position/components/position-notice.tsx'),
    loadNamespaces('user-position'),
  ]);
  return { default: module.PositionNotice };
});
// Only once a town is chosen in the search: the chip that names it (issue 45).
const TownChip = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/search/components/town-chip.tsx'),
    loadNamespaces('search'),
  ]);
  return { default: module.TownChip };
});
// Only while the position is unknown: the invitation to search for a town (issue 45).
const TownInvite = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/search/components/town-invite.tsx'),
    loadNamespaces('search'),
  ]);
  return { default: module.TownInvite };
});
// Only on a place's card: the live conditions and their report sheet.
const LiveConditions = lazy(async () => ({
  default: (await import('../../features/conditions/components/live-conditions.tsx')).LiveConditions,
}));
const SavePlaceButton = lazy(async () => {
  const [module] = await Promise.all([
    import('../../features/favourites/components/save-place-button.tsx'),
    loadNamespaces('favourites'),
  ]);
  return { default: module.SavePlaceButton };
});

/** The map's search box, focused when the list offers to look elsewhere. */
const SEARCH_INPUT_ID = 'map-search';

export function focusSearch(): void {
  document.getElementById(SEARCH_INPUT_ID)?.focus();
}

export function renderMapActions(view: { readonly center: LatLng }) {
  return <AddPlaceLink to={paths.addPlace} center={view.center} />;
}

interface MapSlotInputs {
  readonly position: UserPosition | null;
  readonly locating: boolean;
  readonly showMyPosition: () => void;
  readonly me: CurrentUser | null;
  readonly openSignIn: (source: string) => void;
  readonly readPositionNow: () => Promise<UserPosition | null>;
  /** The town chosen in the search, shown in the box. */
  readonly town: ChosenTown | null;
  readonly chooseTown: (town: ChosenTown) => void;
  readonly clearTown: () => void;
  /** The position is unknown and no town is chosen: invite the parent to search for one. */
  readonly askForTown: boolean;
}

/** The town as the parent knows it: the name they typed when it matched another of its names. */
function chosenTown(town: TownResult): ChosenTown {
  return { name: town.matchedName ?? town.name, lat: town.lat, lng: town.lng };
}

export function useMapSlots({
  position,
  locating,
  showMyPosition,
  me,
  openSignIn,
  readPositionNow,
  town,
  chooseTown,
  clearTown,
  askForTown,
}: MapSlotInputs) {
  const onChooseTown = useCallback(
    (chosen: TownResult) => {
      chooseTown(chosenTown(chosen));
    },
    [chooseTown],
  );
  const notice = useMemo(
    () => (
      <SuspenseAfterHydration fallback={null}>
        {town && (
          <TownChip
            town={town.name}
            onClear={clearTown}
            onBackToPosition={position ? showMyPosition : null}
          />
        )}
        {askForTown && (
          <TownInvite onChooseTown={onChooseTown} onSearch={focusSearch} className="mx-3 mt-2" />
        )}
        <PositionNotice
          position={position}
          locating={locating}
          onLocateMe={showMyPosition}
          className="mx-3 mt-2"
        />
      </SuspenseAfterHydration>
    ),
    [position, locating, showMyPosition, town, clearTown, askForTown, onChooseTown],
  );
  const renderSearch = useCallback(
    (slot: MapSearchSlot) => (
      <Suspense fallback={null}>
        <SearchBox
          center={slot.center}
          // Places found are measured from the chosen town, like the list (issue 45).
          origin={town ?? position}
          inputId={SEARCH_INPUT_ID}
          onChoose={slot.onChoose}
          onChooseTown={onChooseTown}
          town={town?.name ?? null}
          onClearTown={clearTown}
        />
      </Suspense>
    ),
    [position, onChooseTown, town, clearTown],
  );
  const signedIn = me !== null;
  const renderConditions = useCallback(
    (place: { readonly id: string; readonly name: string }) => (
      <SuspenseAfterHydration fallback={null}>
        <LiveConditions
          compact
          locationId={place.id}
          placeName={place.name}
          signedIn={signedIn}
          onSignIn={openSignIn}
          readPosition={readPositionNow}
        />
      </SuspenseAfterHydration>
    ),
    [signedIn, openSignIn, readPositionNow],
  );
  const renderSaveButton = useCallback(
    (placeId: string) => (
      <SuspenseAfterHydration fallback={<span aria-hidden="true" className="h-11 w-11 shrink-0" />}>
        <SavePlaceButton placeId={placeId} me={me} onSignIn={openSignIn} variant="icon" />
      </SuspenseAfterHydration>
    ),
    [me, openSignIn],
  );
  return { notice, renderSearch, renderConditions, renderSaveButton };
}
