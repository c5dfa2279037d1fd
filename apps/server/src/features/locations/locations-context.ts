/**
 * What every locations use case shares: its dependencies, the database, the clock, and the
 * not-found errors.
 */
import { ERROR_MESSAGES, type Comment, type ConditionBrief } from '@playspot/core';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import type { AnswerFacts, ChangePoints } from '../../lib/capabilities.ts';
import { notFound } from '../../lib/errors.ts';
import type { MapIndex } from '../map/index.ts';

export interface LocationsDeps {
  database: DatabaseHandle;
  /** Public URL of a stored photo. */
  urlFor: (storageKey: string) => string;
  /** The newest comments of a location, shown with it on single reads. */
  commentsOf: (locationId: string) => Promise<Comment[]>;
  /** Cleans up after a deletion (the location's photo files). */
  afterDelete?: (locationId: string) => Promise<void>;
  /** Which of these locations have a public event today (their own time zone); none when absent. */
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

/** What the use-case modules are made from (createLocationsService builds it once). */
export interface LocationsContext {
  deps: LocationsDeps;
  db: Database;
  now: () => Date;
}

export const locationNotFound = () => notFound(ERROR_MESSAGES.locationNotFound);
export const locationDoesNotExist = () => notFound(ERROR_MESSAGES.locationDoesNotExist);
