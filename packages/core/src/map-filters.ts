/**
 * The map's filters (spec §5, issues 18 and 33) as data: one row per filter, naming what it
 * reads of a place and how it matches. Every read applies this table: the server compiles it
 * to SQL (`filterConditions`) and to the map index's test (`filterTestOf`), and
 * `summaryMatchesFilters` applies the rows a summary can tell. Adding a filter of a known
 * kind is one row here (and its query parameter); a new kind of match is one case in each
 * compiler (their `switch` refuses to compile without it).
 */
import type { EquipmentKind } from './equipment-kinds.ts';
import type { FactFilter } from './fact-filters.ts';
import { RECENT_HOURS } from './constants.ts';

/** How a filter matches, and the value a query gives it. */
export interface MapFilterMatches {
  /** The place's yes/no field equals the asked value (unknown matches neither). */
  equals: boolean;
  /** The place's list holds the asked value ('' or absent: not asked). */
  contains: string;
  /** Created or changed within `hours` of the query's time. */
  changedWithin: boolean;
  /** Core's isPopular: popularity above 0. */
  popular: boolean;
  /** Every asked fact filter holds (factFilterHolds). */
  allFacts: readonly FactFilter[];
  /** Every asked kind of play equipment is there (equipmentPresent). */
  allEquipment: readonly EquipmentKind[];
  /** Not reported closed for works at this instant. */
  notClosedAt: Date;
  /** Open by its opening hours at the query's time, in its own zone (isOpenAt). */
  openNow: boolean;
}

export type MapFilterMatch = keyof MapFilterMatches;

/** The place's fields the simple matches read. */
export type MapFilterField = 'indoor' | 'free' | 'ageRanges';

export interface MapFilterDefinition {
  readonly match: MapFilterMatch;
  /** The place's field, for `equals` and `contains`. */
  readonly field?: MapFilterField;
  /** For `changedWithin`. */
  readonly hours?: number;
  /** Whether a map summary carries what it reads (the web app applies it at once). */
  readonly inSummary: boolean;
  /** Whether the map index's cluster grid keeps places apart by it (zoomed-out views). */
  readonly inClusterGrid: boolean;
}

/** Every map filter, by its query name. */
export const MAP_FILTERS = {
  ageRange: { match: 'contains', field: 'ageRanges', inSummary: true, inClusterGrid: true },
  indoor: { match: 'equals', field: 'indoor', inSummary: true, inClusterGrid: true },
  free: { match: 'equals', field: 'free', inSummary: true, inClusterGrid: true },
  recentlyAdded: { match: 'changedWithin', hours: RECENT_HOURS, inSummary: false, inClusterGrid: false },
  popular: { match: 'popular', inSummary: false, inClusterGrid: true },
  has: { match: 'allFacts', inSummary: true, inClusterGrid: false },
  equipment: { match: 'allEquipment', inSummary: false, inClusterGrid: false },
  openAt: { match: 'notClosedAt', inSummary: false, inClusterGrid: false },
  openNow: { match: 'openNow', inSummary: false, inClusterGrid: false },
} as const satisfies Readonly<Record<string, MapFilterDefinition>>;

export type MapFilterName = keyof typeof MAP_FILTERS;

/** The filters a map read is asked, each with the value its match takes. */
export type MapFilterValues = {
  [Name in MapFilterName]?: MapFilterMatches[(typeof MAP_FILTERS)[Name]['match']] | undefined;
};

/** One filter with its definition and asked value (for the compilers' switch on `match`). */
export type AskedFilter = {
  [M in MapFilterMatch]: {
    name: MapFilterName;
    match: M;
    definition: MapFilterDefinition;
    value: MapFilterMatches[M];
  };
}[MapFilterMatch];

/** Whether a value asks anything: false, '', an empty list or absent ask nothing. */
function asks(value: unknown): boolean {
  if (value === undefined || value === '' || value === false) return false;
  return !Array.isArray(value) || value.length > 0;
}

/** The filters `values` asks, in MAP_FILTERS order, each with its definition. */
export function askedFilters(values: MapFilterValues): AskedFilter[] {
  const asked: AskedFilter[] = [];
  for (const [name, definition] of Object.entries(MAP_FILTERS) as [MapFilterName, MapFilterDefinition][]) {
    const value = values[name];
    // `equals` asks false too (free=false): only absent asks nothing.
    if (definition.match === 'equals' ? value === undefined : !asks(value)) continue;
    asked.push({ name, match: definition.match, definition, value } as AskedFilter);
  }
  return asked;
}
