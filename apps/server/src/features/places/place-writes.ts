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
  type CreatePlace,
  type PointsAward,
  type TagFact,
  type UpdatePlace,
} from '@playspot/core';
import { AppError, forbidden } from '../../lib/errors.ts';
import { timeZoneAt } from '../../lib/time-zone-at.ts';
import { placeNotFound, type PlacesContext } from './places-context.ts';
import type { PlaceViews } from './place-views.ts';
import * as repository from './places.repository.ts';
import * as votesRepository from './votes.repository.ts';

/** The free-form tags, and the facts the others state (core splitFactTags); 400 on a bad tag. */
function cleanTags(tags: string[]): { tags: string[]; facts: TagFact[] } {
  const [issue] = normalizeTags(tags).issues;
  if (issue) throw new AppError(400, 'validation_failed', `tags: ${issue.message}`);
  return splitFactTags(tags);
}

export function createPlaceWrites({ deps, db, now }: PlacesContext, { get }: PlaceViews) {
  const { changePoints } = deps;
  return {
    async create(input: CreatePlace, actor: Actor & { userName: string }) {
      const { tags, facts } = cleanTags(input.tags);
      const at = now();
      const { id, reward } = await db.transaction(async (tx) => {
        const locationId = await repository.insertPlace(tx, {
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

    async update(id: string, input: UpdatePlace, actor: Actor) {
      const at = now();
      const reward = await db.transaction(async (tx): Promise<PointsAward> => {
        const current = await repository.lockPlace(tx, id);
        if (!current) throw placeNotFound();
        if (!canModifyOwned(actor, current.createdByUserId))
          throw forbidden('Only the person who added this place, or a moderator, can change it.');
        const { tags, facts } =
          input.tags === undefined ? { tags: current.tags, facts: [] } : cleanTags(input.tags);
        await repository.updatePlace(tx, id, {
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
        const current = await repository.lockPlace(tx, id, 'delete');
        if (!current) throw placeNotFound();
        if (!canModifyOwned(actor, current.createdByUserId))
          throw forbidden('Only the person who added this place, or a moderator, can remove it.');
        await repository.deletePlace(tx, id);
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
