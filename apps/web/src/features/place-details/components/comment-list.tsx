/**
 * Comments, newest first, with their photos. Authors edit and delete their own; moderators
 * and admins may delete any (the server decides; the buttons only appear for them).
 */
import { COMMENT_MAX_LENGTH, type Comment } from '@playspot/core';
import { Flag, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { inputClassName } from '../../../components/ui/form-field.tsx';
import { serverFileUrl } from '../../../lib/api-client.ts';
import { useCommentActions } from '../hooks/use-comment-actions.ts';
import { timeAgo } from '../utils/relative-time.ts';
import { ReportDialog } from './report-dialog.tsx';

const smallButton =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-bold text-gray-700 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-sky-600';

function CommentItem({ locationId, comment }: { readonly locationId: string; readonly comment: Comment }) {
  const { t } = useTranslation('location-details');
  const actions = useCommentActions(locationId, comment);
  const { mine, mayDelete, editing, setEditing, draft, setDraft, saving, save } = actions;
  const { confirming, setConfirming, remove, reporting, setReporting, whenSignedIn } = actions;
  const author = comment.userName ?? t('comment.aParent');

  return (
    <li className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-gray-200" data-testid="comment">
      <p className="text-sm text-gray-700">
        <strong className="text-ink">{author}</strong> ·{' '}
        <time dateTime={comment.createdAt}>{timeAgo(comment.createdAt)}</time>
        {comment.updatedAt !== comment.createdAt && <> · {t('comment.edited')}</>}
      </p>
      {editing ? (
        <EditComment
          draft={draft}
          saving={saving}
          onDraftChange={setDraft}
          onSave={() => void save()}
          onCancel={() => {
            setDraft(comment.text);
            setEditing(false);
          }}
        />
      ) : (
        <p dir="auto" className="mt-1 text-base leading-relaxed whitespace-pre-line text-gray-900">
          {comment.text}
        </p>
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
      <ConfirmDeleteComment
        open={confirming}
        description={mine ? t('comment.deleteOwnText') : t('comment.deleteOtherText', { author })}
        onConfirm={() => void remove()}
        onKeep={() => {
          setConfirming(false);
        }}
      />
    </li>
  );
}

/** The author's own comment, being edited in place. */
function EditComment({
  draft,
  saving,
  onDraftChange,
  onSave,
  onCancel,
}: {
  readonly draft: string;
  readonly saving: boolean;
  readonly onDraftChange: (draft: string) => void;
  readonly onSave: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation('location-details');
  const editId = useId();
  return (
    <form
      className="mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
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
          onDraftChange(event.target.value);
        }}
        className={inputClassName}
      />
      <div className="mt-2 flex gap-2">
        <Button type="submit" disabled={saving || draft.trim() === ''}>
          {saving ? t('comment.saving') : t('comment.save')}
        </Button>
        <Button variant="quiet" onClick={onCancel}>
          {t('comment.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** "Delete this comment?": one more question before a comment goes. */
function ConfirmDeleteComment({
  open,
  description,
  onConfirm,
  onKeep,
}: {
  readonly open: boolean;
  readonly description: string;
  readonly onConfirm: () => void;
  readonly onKeep: () => void;
}) {
  const { t } = useTranslation('location-details');
  return (
    <AppDialog open={open} onDismiss={onKeep} title={t('comment.deleteTitle')} description={description}>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Button onClick={onConfirm}>{t('comment.deleteConfirm')}</Button>
        <Button variant="secondary" onClick={onKeep}>
          {t('comment.keep')}
        </Button>
      </div>
    </AppDialog>
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
