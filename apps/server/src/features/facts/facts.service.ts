/**
 * Facts parents ask first (issue 18): a place's facts as its page shows them, and parents'
 * one-tap answers ("Fenced? yes / no"), one per parent per fact, changed by answering again.
 * The first answer to a fact earns points; withdrawing it takes them back.
 */
import {
  attributionFor,
  EQUIPMENT_KINDS,
  equipmentFactKey,
  equipmentStatus,
  ERROR_MESSAGES,
  FACT_KEYS,
  FACTS,
  factStatus,
  isFactValue,
  isThisMonth,
  isVerifiedBy,
  pointsForAction,
  type EquipmentAnswerResult,
  type EquipmentKind,
  type FactAnswerResult,
  type PlaceEquipment,
  type FactKey,
  type PointsAward,
  type PlaceFact,
  type PlaceFacts,
} from '@playspot/core';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ChangePoints, PlaceExists, LockPlace } from '../../lib/capabilities.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repository from './facts.repository.ts';
import { refreshShownFacts } from './shown-facts.ts';

export interface FactsDeps {
  database: DatabaseHandle;
  placeExists: PlaceExists;
  lockPlace: LockPlace;
  changePoints: ChangePoints;
  now?: () => Date;
}

/** Each fact anything is known of, in the vocabulary's order, as the page shows it. */
function placeFacts(
  imported: readonly repository.ImportedFactRow[],
  answers: readonly repository.AnswerRow[],
  userId: string | null,
  trust: { visits: ReadonlyMap<string, readonly Date[]>; now: Date },
): PlaceFact[] {
  return FACT_KEYS.flatMap((key) => {
    const stated = imported.find((row) => row.key === key) ?? null;
    const given = answers.filter((row) => row.key === key);
    const status = factStatus(
      given.map((row) => ({ value: row.value, at: row.answeredAt })),
      stated?.value ?? null,
    );
    if (status === null) return [];
    return [
      {
        key,
        value: status.value,
        confirmedBy: status.confirmedBy,
        contradictedBy: status.contradictedBy,
        lastConfirmedAt: status.lastConfirmedAt?.toISOString() ?? null,
        verifiedThisMonth: given.filter(
          (row) =>
            row.value === status.value &&
            isThisMonth(row.answeredAt, trust.now) &&
            isVerifiedBy(trust.visits.get(row.userId) ?? [], row.answeredAt),
        ).length,
        disputed: status.disputed,
        imported: stated && {
          value: stated.value,
          source: stated.source,
          licence: stated.licence,
          attribution: attributionFor(stated.source, stated.licence),
        },
        myAnswer: given.find((row) => row.userId === userId)?.value ?? null,
      },
    ];
  });
}

/** Each kind of equipment anything is known of, in EQUIPMENT_KINDS order, as the page shows it. */
function placeEquipment(
  imported: readonly repository.ImportedFactRow[],
  answers: readonly repository.AnswerRow[],
  userId: string | null,
): PlaceEquipment[] {
  return EQUIPMENT_KINDS.flatMap((kind) => {
    const key = equipmentFactKey(kind);
    const stated = imported.find((row) => row.key === key) ?? null;
    const given = answers.filter((row) => row.key === key);
    const status = equipmentStatus(
      given.map((row) => ({ value: row.value, at: row.answeredAt })),
      stated?.value ?? null,
    );
    if (status === null) return [];
    const mine = given.find((row) => row.userId === userId)?.value;
    return [
      {
        kind,
        present: status.present,
        count: status.count,
        confirmedBy: status.confirmedBy,
        contradictedBy: status.contradictedBy,
        lastConfirmedAt: status.lastConfirmedAt?.toISOString() ?? null,
        disputed: status.disputed,
        imported: stated && {
          value: stated.value,
          source: stated.source,
          licence: stated.licence,
          attribution: attributionFor(stated.source, stated.licence),
        },
        myAnswer: mine === 'yes' || mine === 'no' ? mine : null,
      },
    ];
  });
}

export function createFactsService(deps: FactsDeps) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  /** Who answered has visited when, for the verified counts. */
  async function trustOf(locationId: string, answers: readonly repository.AnswerRow[]) {
    const visits = await repository.visitsTo(db, locationId, [...new Set(answers.map((row) => row.userId))]);
    return { visits, now: now() };
  }

  async function factOf(locationId: string, key: FactKey, userId: string): Promise<PlaceFact | null> {
    const imported = (await repository.importedFactsOf(db, [locationId])).filter((row) => row.key === key);
    const answers = (await repository.answersOf(db, [locationId])).filter((row) => row.key === key);
    return placeFacts(imported, answers, userId, await trustOf(locationId, answers))[0] ?? null;
  }

  /** What a place's facts and equipment are made of, read at once; 404 when there is no place. */
  async function sourcesOf(locationId: string) {
    if (!(await deps.placeExists(db, locationId))) throw notFound(ERROR_MESSAGES.placeNotFound);
    const [imported, answers] = await Promise.all([
      repository.importedFactsOf(db, [locationId]),
      repository.answersOf(db, [locationId]),
    ]);
    return { imported, answers };
  }

  async function factsFrom(
    locationId: string,
    userId: string | null,
    sources: Awaited<ReturnType<typeof sourcesOf>>,
  ) {
    const { imported, answers } = sources;
    const [nearby, trust] = await Promise.all([
      repository.nearbyAmenities(db, locationId),
      trustOf(locationId, answers),
    ]);
    return { facts: placeFacts(imported, answers, userId, trust), nearby };
  }

  return {
    async factsOf(locationId: string, userId: string | null): Promise<PlaceFacts> {
      return factsFrom(locationId, userId, await sourcesOf(locationId));
    },

    /** A place's play equipment (issue 33) as its page shows it. */
    async equipmentOf(locationId: string, userId: string | null): Promise<{ equipment: PlaceEquipment[] }> {
      const { imported, answers } = await sourcesOf(locationId);
      return { equipment: placeEquipment(imported, answers, userId) };
    },

    /** Both, as a place's page shows them, from one read of what they are made of. */
    async factsAndEquipmentOf(
      locationId: string,
      userId: string | null,
    ): Promise<{ facts: PlaceFacts; equipment: PlaceEquipment[] }> {
      const sources = await sourcesOf(locationId);
      return {
        facts: await factsFrom(locationId, userId, sources),
        equipment: placeEquipment(sources.imported, sources.answers, userId),
      };
    },

    /** A parent says a kind of equipment is there or not (one answer each, changed by answering again). */
    async answerEquipment(
      userId: string,
      locationId: string,
      kind: EquipmentKind,
      present: boolean | null,
    ): Promise<EquipmentAnswerResult> {
      const key = equipmentFactKey(kind);
      const reward = await db.transaction(async (tx): Promise<PointsAward | null> => {
        if (!(await deps.lockPlace(tx, locationId))) throw notFound(ERROR_MESSAGES.placeNotFound);
        if (present === null) {
          if (!(await repository.removeAnswer(tx, { locationId, key, userId }))) return null;
          await refreshShownFacts(tx, [locationId]);
          return deps.changePoints(tx, userId, -pointsForAction('factAnswer'));
        }
        const value = present ? 'yes' : 'no';
        const first = await repository.saveAnswer(tx, { locationId, key, userId, value, now: now() });
        await refreshShownFacts(tx, [locationId]);
        return first ? deps.changePoints(tx, userId, pointsForAction('factAnswer')) : null;
      });
      const imported = (await repository.importedFactsOf(db, [locationId])).filter((row) => row.key === key);
      const answers = (await repository.answersOf(db, [locationId])).filter((row) => row.key === key);
      return { equipment: placeEquipment(imported, answers, userId)[0] ?? null, reward };
    },

    /** A parent's answer: confirms the value shown, or corrects it. */
    async answer(userId: string, locationId: string, key: FactKey, value: string): Promise<FactAnswerResult> {
      if (!isFactValue(key, value)) {
        const fact = FACTS[key];
        const takes =
          'choices' in fact
            ? fact.choices.join(', ')
            : fact.kind === 'yesno'
              ? 'yes, no'
              : fact.kind === 'age'
                ? 'an age in years (0–99)'
                : 'text up to 255 characters';
        throw new AppError(400, 'invalid_fact_value', `"${key}" takes ${takes}.`);
      }
      const reward = await db.transaction(async (tx): Promise<PointsAward | null> => {
        // The place first (one lock order), and one answer at a time per place: the shown
        // values are recomputed from every answer, so two at once must not miss each other.
        if (!(await deps.lockPlace(tx, locationId))) throw notFound(ERROR_MESSAGES.placeNotFound);
        const first = await repository.saveAnswer(tx, { locationId, key, userId, value, now: now() });
        await refreshShownFacts(tx, [locationId]);
        return first ? deps.changePoints(tx, userId, pointsForAction('factAnswer')) : null;
      });
      return { fact: await factOf(locationId, key, userId), reward };
    },

    /** Takes a parent's answer back (and the points it earned); nothing to take back is fine. */
    async withdraw(userId: string, locationId: string, key: FactKey): Promise<FactAnswerResult> {
      const reward = await db.transaction(async (tx): Promise<PointsAward | null> => {
        if (!(await deps.lockPlace(tx, locationId))) throw notFound(ERROR_MESSAGES.placeNotFound);
        if (!(await repository.removeAnswer(tx, { locationId, key, userId }))) return null;
        await refreshShownFacts(tx, [locationId]);
        return deps.changePoints(tx, userId, -pointsForAction('factAnswer'));
      });
      return { fact: await factOf(locationId, key, userId), reward };
    },
  };
}

export type FactsService = ReturnType<typeof createFactsService>;
