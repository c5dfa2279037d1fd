/**
 * What can be done to one comment on a place page: its author edits or deletes it, a
 * moderator deletes it, anyone else reports it. The place's cached comments follow each change.
 */
import { roleSatisfies, type Comment, type CurrentUser } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { celebratePoints } from '../../../components/celebrate-points.tsx';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { deleteComment, editComment } from '../api/place-actions.ts';
import { usePlaceCache } from './use-place-cache.ts';
import { useSignedInAction } from './use-signed-in-action.ts';

function isAuthor(me: CurrentUser | null, comment: Comment): boolean {
  return (
    me?.userName !== null &&
    me?.userName !== undefined &&
    comment.userName !== null &&
    me.userName.toLowerCase() === comment.userName.toLowerCase()
  );
}

export function useCommentActions(locationId: string, comment: Comment) {
  const { t } = useTranslation('location-details');
  const { me, whenSignedIn } = useSignedInAction();
  const cache = usePlaceCache(locationId);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.text);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const mine = isAuthor(me, comment);
  const mayDelete = mine || (me !== null && roleSatisfies(me.role, 'moderator'));

  const replaceComment = (next: Comment | null) => {
    cache.update((place) => ({
      ...place,
      commentCount: next === null ? Math.max(0, place.commentCount - 1) : place.commentCount,
      comments: (place.comments ?? []).flatMap((item) =>
        item.id !== comment.id ? [item] : next === null ? [] : [next],
      ),
    }));
  };

  async function save() {
    if (draft.trim() === '') return;
    setSaving(true);
    try {
      replaceComment(await editComment(locationId, comment.id, draft));
      setEditing(false);
      notifySuccess(t('comment.updated'));
    } catch (error) {
      handleError(error);
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    setConfirming(false);
    try {
      const result = await deleteComment(locationId, comment.id);
      replaceComment(null);
      notifySuccess(t('comment.deleted'));
      celebratePoints(result, queryClient);
    } catch (error) {
      handleError(error);
    }
  }

  return {
    mine,
    mayDelete,
    whenSignedIn,
    editing,
    setEditing,
    draft,
    setDraft,
    saving,
    save,
    confirming,
    setConfirming,
    remove,
    reporting,
    setReporting,
  };
}
