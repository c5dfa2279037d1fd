/**
 * Adding, editing and removing a place, with the points they earn or take back (spec §4:
 * the tags start with their author's up votes; fact-stating tags are their answers).
 */
import {
  canModifyOwned,
  normalizeTags,
  pointsForAction,
  searchKeywords,
  splitFactTags,
  type Actor,
  type CreateLocation,
  type PointsAward,
  type TagFact,
  type UpdateLocation,
} from '@playspot/core';
import { AppError, forbidden } from '../../lib/errors.ts';
import { timeZoneAt } from '../../lib/time-zone-at.ts';
import { locationNotFound, type LocationsContext } from './locations-context.ts';
import type { LocationViews } from './location-views.ts';
import * as repository from './locations.repository.ts';
import * as votesRepository from './votes.repository.ts';

/** The free-form tags, and the facts the others state (core splitFactTags); 400 on a bad tag. */
function cleanTags(tags: string[]): { tags: string[]; facts: TagFact[] } {
  const [issue] = normalizeTags(tags).issues;
  if (issue) throw new AppError(400, 'validation_failed', `tags: ${issue.message}`);
  return splitFactTags(tags);
}

export function createLocationWrites({ deps, db, now }: LocationsContext, { get }: LocationViews) {
  const { changePoints } = deps;
  return {
    async create(input: CreateLocation, actor: Actor & { userName: string }) {
      const { tags, facts } = cleanTags(input.tags);
      const at = now();
      const { id, reward } = await db.transaction(async (tx) => {
        const locationId = await repository.insertLocation(tx, {
          ...input,
          tags,
          searchKeywords: searchKeywords(input.name),
          timeZone: timeZoneAt(input.latitude, input.longitude),
          createdByUserId: actor.id,
          createdByUserName: actor.userName,
          now: at,
        });
        // Spec §4: every tag starts with one up vote, cast by the creator; a tag that states
        // a fact is the creator's answer to it instead (issue 32), earning what answering does.
        await votesRepository.resetTagVotes(tx, locationId, tags, actor.id);
        const answered = await deps.answerFacts(tx, { locationId, userId: actor.id, facts, now: at });
        const earned =
          pointsForAction('addLocation') +
          (input.description ? pointsForAction('locationDescription') : 0) +
          answered * pointsForAction('factAnswer');
        return { id: locationId, reward: await changePoints(tx, actor.id, earned) };
      });
      return { location: await get(id, actor), reward };
    },

    async update(id: string, input: UpdateLocation, actor: Actor) {
      const at = now();
      const reward = await db.transaction(async (tx): Promise<PointsAward> => {
        const current = await repository.lockLocation(tx, id);
        if (!current) throw locationNotFound();
        if (!canModifyOwned(actor, current.createdByUserId))
          throw forbidden('Only the person who added this place, or a moderator, can change it.');
        const { tags, facts } =
          input.tags === undefined ? { tags: current.tags, facts: [] } : cleanTags(input.tags);
        await repository.updateLocation(tx, id, {
          ...input,
          tags,
          ...(input.name === undefined ? {} : { searchKeywords: searchKeywords(input.name) }),
          ...(input.latitude === undefined && input.longitude === undefined
            ? {}
            : {
                timeZone: timeZoneAt(
                  input.latitude ?? current.latitude,
                  input.longitude ?? current.longitude,
                ),
              }),
          lastUpdatedByUserId: actor.id,
          now: at,
        });
        // Spec §4: an edit resets all tag votes the same way, with the editor's up votes; the
        // fact-stating tags chosen are the editor's answers (leaving one out answers nothing).
        await votesRepository.resetTagVotes(tx, id, tags, actor.id);
        const answered = await deps.answerFacts(tx, { locationId: id, userId: actor.id, facts, now: at });
        const describedNow = !current.description && Boolean(input.description);
        return changePoints(
          tx,
          actor.id,
          (describedNow ? pointsForAction('locationDescription') : 0) +
            answered * pointsForAction('factAnswer'),
        );
      });
      return { location: await get(id, actor), reward };
    },

    async remove(id: string, actor: Actor) {
      const result = await db.transaction(async (tx) => {
        const current = await repository.lockLocation(tx, id, 'delete');
        if (!current) throw locationNotFound();
        if (!canModifyOwned(actor, current.createdByUserId))
          throw forbidden('Only the person who added this place, or a moderator, can remove it.');
        await repository.deleteLocation(tx, id);
        // The creator loses what adding it earned (never below 0).
        const earned =
          pointsForAction('addLocation') + (current.description ? pointsForAction('locationDescription') : 0);
        const reward = current.createdByUserId
          ? await changePoints(tx, current.createdByUserId, -earned)
          : null;
        return { deleted: true as const, reward: current.createdByUserId === actor.id ? reward : null };
      });
      await deps.afterDelete?.(id);
      return result;
    },
  };
}
