/**
 * A place's page in one read (issue 42): the place with its comments, facts, equipment, live
 * conditions, events and landmark, as the caller would get them from the separate reads, read
 * together. The server draws the page's HTML from this answer and the app takes over with it,
 * so what a parent, a link preview and the offline copy see cannot disagree.
 *
 * The parts come from the features that own them (given by app.ts), never from their
 * repositories.
 */
import {
  LANDMARK_CANDIDATES,
  LANDMARK_RADIUS_KM,
  landmarkAmong,
  type Event,
  type LatLng,
  type Place,
  type PlaceSummary,
  type PlaceConditions,
  type PlaceEquipmentList,
  type PlaceFacts,
  type PlaceMaintenance,
  type PlacePage,
} from '@playspot/core';
import { whileKnown } from '../../lib/known-place.ts';
import type { AuthenticatedUser } from '../../lib/request-user.ts';

type Viewer = AuthenticatedUser | null;

export interface PlacePageDeps {
  /** The place with its newest comments and the viewer's own votes; throws 404 when there is none. */
  readonly place: (id: string, viewer: Viewer) => Promise<Place>;
  /** Its facts and equipment, read together (they are made of the same answers). */
  readonly factsAndEquipment: (
    id: string,
    userId: string | null,
  ) => Promise<{ facts: PlaceFacts; equipment: PlaceEquipmentList['equipment'] }>;
  readonly conditions: (id: string, userId: string | null) => Promise<PlaceConditions>;
  /** Who maintains it and its recent fixes (issue 48). */
  readonly maintenance: (id: string) => Promise<PlaceMaintenance>;
  readonly events: (id: string, viewer: Viewer) => Promise<Event[]>;
  /** The map's summaries around `centre`, nearest first. */
  readonly nearestSummaries: (centre: LatLng, radiusKm: number, limit: number) => Promise<PlaceSummary[]>;
}

export function createPlacePageService(deps: PlacePageDeps) {
  return {
    async pageOf(id: string, viewer: Viewer): Promise<PlacePage> {
      // The place first: a place that does not exist answers 404 before anything else is read.
      const place = await deps.place(id, viewer);
      const userId = viewer?.id ?? null;
      const centre = { lat: place.latitude, lng: place.longitude };
      // The parts' own checks that the place exists are answered without a statement each.
      const [{ facts, equipment }, conditions, maintenance, events, candidates] = await whileKnown(id, () =>
        Promise.all([
          deps.factsAndEquipment(id, userId),
          deps.conditions(id, userId),
          deps.maintenance(id),
          deps.events(id, viewer),
          deps.nearestSummaries(centre, LANDMARK_RADIUS_KM, LANDMARK_CANDIDATES),
        ]),
      );
      return {
        place,
        facts,
        equipment,
        conditions: conditions.conditions,
        events,
        landmark: landmarkAmong(place, candidates),
        maintenance,
      };
    },
  };
}

export type PlacePageService = ReturnType<typeof createPlacePageService>;
