/**
 * Comments, newest first, with their photos. Authors edit and delete their own; moderators
 * and admins may delete any (the server decides; the buttons only appear for them).
 */
import { COMMENT_MAX_LENGTH, roleSatisfies, type Comment, type CurrentUser } from '@playspot/core';
import { useQueryClient } from '@tanstack/react-query';
import { Flag, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { inputClassName } from '../../../components/ui/form-field.tsx';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { celebratePoints } from '../../../components/celebrate-points.tsx';
import { deleteComment, editComment } from '../api/location-actions.ts';
import { useLocationCache } from '../hooks/use-location-cache.ts';
import { useSignedInAction } from '../hooks/use-signed-in-action.ts';
import { timeAgo } from '../utils/relative-time.ts';
import { ReportDialog } from './report-dialog.tsx';
import { serverFileUrl } from '../../../lib/api-client.ts';
import { useTranslation } from 'react-i18next';

function isAuthor(me: CurrentUser | null, comment: Comment): boolean {
  return (
    me?.userName !== null &&
    me?.userName !== undefined &&
    comment.userName !== null &&
    me.userName.toLowerCase() === comment.userName.toLowerCase()
  );
}

const smallButton =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-bold text-gray-700 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-sky-600';

function CommentItem({ locationId, comment }: { readonly locationId: string; readonly comment: Comment }) {
  const { t } = useTranslation('location-details');
  const { me, whenSignedIn } = useSignedInAction();
  const cache = useLocationCache(locationId);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.text);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const editId = useId();
  const mine = isAuthor(me, comment);
  const mayDelete = mine || (me !== null && roleSatisfies(me.role, 'moderator'));
  const author = comment.userName ?? t('comment.aParent');

  const replaceComment = (next: Comment | null) => {
    cache.update((location) => ({
      ...location,
      commentCount: next === null ? Math.max(0, location.commentCount - 1) : location.commentCount,
      comments: (location.comments ?? []).flatMap((item) =>
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

  return (
    <li className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="comment">
      <p className="text-sm text-gray-700">
        <strong className="text-ink">{author}</strong> ·{' '}
        <time dateTime={comment.createdAt}>{timeAgo(comment.createdAt)}</time>
        {comment.updatedAt !== comment.createdAt && ' · edited'}
      </p>
      {editing ? (
        <form
          className="mt-2"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <label htmlFor={editId} className="sr-only">
            {t('comment.editYours')}
          </label>
          <textarea
            id={editId}
            value={draft}
            maxLength={COMMENT_MAX_LENGTH}
            rows={3}
            onChange={(event) => {
              setDraft(event.target.value);
            }}
            className={inputClassName}
          />
          <div className="mt-2 flex gap-2">
            <Button type="submit" disabled={saving || draft.trim() === ''}>
              {saving ? t('comment.saving') : t('comment.save')}
            </Button>
            <Button
              variant="quiet"
              onClick={() => {
                setDraft(comment.text);
                setEditing(false);
              }}
            >
              {t('comment.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-1 text-base leading-relaxed whitespace-pre-line text-gray-900">{comment.text}</p>
      )}
      {comment.imageUrl && (
        <img
          src={serverFileUrl(comment.imageUrl)}
          alt={t('comment.photoAlt', { author })}
          loading="lazy"
          className="mt-3 max-h-80 w-full rounded-2xl bg-gray-100 object-cover"
        />
      )}
      {!editing && (
        <div className="mt-2 -mb-2 flex flex-wrap gap-1">
          {mine && (
            <button
              type="button"
              className={smallButton}
              aria-label={t('comment.editYours')}
              onClick={() => {
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {t('comment.edit')}
            </button>
          )}
          {mayDelete && (
            <button
              type="button"
              className={smallButton}
              aria-label={mine ? t('comment.deleteYours') : t('comment.deleteBy', { author })}
              onClick={() => {
                setConfirming(true);
              }}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              {t('comment.delete')}
            </button>
          )}
          {!mine && (
            <button
              type="button"
              className={smallButton}
              aria-label={t('comment.reportBy', { author })}
              onClick={() => {
                whenSignedIn('report_comment', () => {
                  setReporting(true);
                });
              }}
            >
              <Flag aria-hidden="true" className="h-4 w-4" />
              {t('report')}
            </button>
          )}
        </div>
      )}
      {reporting && (
        <ReportDialog
          target={{ type: 'comment', id: comment.id, what: t('comment.theCommentBy', { author }) }}
          onClose={() => {
            setReporting(false);
          }}
        />
      )}
      <AppDialog
        open={confirming}
        onDismiss={() => {
          setConfirming(false);
        }}
        title={t('comment.deleteTitle')}
        description={mine ? t('comment.deleteOwnText') : t('comment.deleteOtherText', { author })}
      >
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={() => void remove()}>{t('comment.deleteConfirm')}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setConfirming(false);
            }}
          >
            {t('comment.keep')}
          </Button>
        </div>
      </AppDialog>
    </li>
  );
}

export function CommentList({
  locationId,
  comments,
}: {
  readonly locationId: string;
  readonly comments: readonly Comment[];
}) {
  const { t } = useTranslation('location-details');
  if (comments.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-3xl bg-white/70 p-4 text-base text-gray-700">
        <MessageCircle aria-hidden="true" className="h-5 w-5 text-park-700" />
        {t('comment.none')}
      </p>
    );
  }
  // Newest first, whatever order they arrive in.
  const sorted = [...comments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return (
    <ul className="flex flex-col gap-3" aria-label={t('comment.list')}>
      {sorted.map((comment) => (
        <CommentItem key={comment.id} locationId={locationId} comment={comment} />
      ))}
    </ul>
  );
}
