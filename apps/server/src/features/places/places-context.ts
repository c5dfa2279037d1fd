/**
 * What every places use case shares: its dependencies, the database, the clock, and the
 * not-found errors.
 */
import { ERROR_MESSAGES, type Comment, type ConditionBrief } from '@playspot/core';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { AnswerFacts, ChangePoints } from '../../lib/capabilities.ts';
import { notFound } from '../../lib/errors.ts';
import type { MapIndex } from '../map/index.ts';

export interface PlacesDeps {
  database: DatabaseHandle;
  /** Public URL of a stored photo. */
  urlFor: (storageKey: string) => string;
  /** The newest comments of a place, shown with it on single reads. */
  commentsOf: (locationId: string) => Promise<Comment[]>;
  /** Cleans up after a deletion (the place's photo files). */
  afterDelete?: (locationId: string) => Promise<void>;
  /** Which of these places have a public event today (their own time zone); none when absent. */
  withEventsToday?: (locationIds: string[]) => Promise<ReadonlySet<string>>;
  /** Points for adding and describing a place, taken back when it is removed. */
  changePoints: ChangePoints;
  /** Records what fact-stating tags say as their author's answers (features/facts). */
  answerFacts: AnswerFacts;
  /** Live conditions of these places in brief (features/conditions); none when absent. */
  conditionsOf?: (locationIds: string[]) => Promise<ReadonlyMap<string, ConditionBrief[]>>;
  /** The map index when it is ready (features/map); the map reads SQL without it. */
  mapIndex?: () => Promise<MapIndex | null>;
  now?: () => Date;
}

/** What the use-case modules are made from (createPlacesService builds it once). */
export interface PlacesContext {
  deps: PlacesDeps;
  db: Database;
  now: () => Date;
}

export const placeNotFound = () => notFound(ERROR_MESSAGES.placeNotFound);
export const placeDoesNotExist = () => notFound(ERROR_MESSAGES.placeDoesNotExist);
