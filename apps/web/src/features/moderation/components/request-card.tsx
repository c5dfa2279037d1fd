/**
 * One pending removal request for a moderator: what would be removed, who asked and why,
 * a note for the audit log, and approve or reject (approving asks once more: it deletes).
 */
import type { ModerationDecision, ModerationRequest } from '@playspot/core';
import { Check, MapPin, UserRound, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { AppDialog } from '../../../components/ui/dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { useDecideRemovalRequest } from '../api/decide-removal-request.ts';
import { formatWhen } from '../utils/moderation-display.ts';
import { AuditNoteField } from './audit-note-field.tsx';

export function subjectOf(request: ModerationRequest): string {
  if (request.type === 'account') return `the account of ${request.accountUserName ?? 'a deleted user'}`;
  return request.locationName ?? 'a place that no longer exists';
}

export function RequestCard({ request }: { readonly request: ModerationRequest }) {
  const id = useId();
  const decide = useDecideRemovalRequest();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const subject = subjectOf(request);

  const send = (decision: ModerationDecision) => {
    decide.mutate(
      { requestId: request.id, decision, note },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(
            decision === 'approve' ? `Removed ${subject}.` : `Declined the request about ${subject}.`,
          );
        },
        onError: (error) => {
          handleError(error);
        },
      },
    );
  };

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5"
    >
      <p className="text-sm font-bold tracking-wide text-gray-700 uppercase">
        {request.type === 'account' ? 'Account deletion' : 'Remove a place'}
      </p>
      <h3
        id={`${id}-title`}
        className="mt-1 flex items-center gap-2 font-display text-xl font-semibold text-ink"
      >
        {request.type === 'account' ? (
          <UserRound aria-hidden="true" className="h-5 w-5 shrink-0 text-violet-700" />
        ) : (
          <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-sun-700" />
        )}
        {request.type === 'location' && request.locationId && request.locationName ? (
          <Link
            to={paths.place.build(request.locationId)}
            className="text-park-800 underline underline-offset-2 hover:text-park-700"
          >
            {request.locationName}
          </Link>
        ) : (
          <span className="first-letter:uppercase">{subject}</span>
        )}
      </h3>
      <p className="mt-1 text-base text-gray-700">
        Asked by <strong>{request.requesterUserName ?? 'a deleted user'}</strong> on{' '}
        {formatWhen(request.createdAt)}
      </p>
      <blockquote className="mt-3 rounded-2xl border-s-4 border-sun-300 bg-sun-50 px-4 py-3 text-base whitespace-pre-line text-gray-800">
        {request.reason}
      </blockquote>
      <AuditNoteField id={`${id}-note`} value={note} onChange={setNote} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          aria-label={`Approve removing ${subject}`}
          disabled={decide.isPending}
          onClick={() => {
            setConfirming(true);
          }}
        >
          <Check aria-hidden="true" className="h-5 w-5" />
          Approve
        </Button>
        <Button
          aria-label={`Reject the request about ${subject}`}
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => {
            send('reject');
          }}
        >
          <X aria-hidden="true" className="h-5 w-5" />
          Reject
        </Button>
      </div>
      {confirming && (
        <AppDialog
          open
          onDismiss={() => {
            setConfirming(false);
          }}
          title={request.type === 'account' ? 'Delete this account?' : 'Remove this place?'}
          description={
            request.type === 'account'
              ? `This signs ${request.accountUserName ?? 'the person'} out everywhere, deletes their personal data and photos, and anonymises what they shared. It cannot be undone.`
              : `${subject} disappears from the map, search and its page, with its photos. It cannot be undone.`
          }
        >
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="quiet"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Go back
            </Button>
            <Button
              variant="danger"
              disabled={decide.isPending}
              onClick={() => {
                send('approve');
              }}
            >
              {decide.isPending
                ? 'Removing…'
                : request.type === 'account'
                  ? 'Delete the account'
                  : 'Remove the place'}
            </Button>
          </div>
        </AppDialog>
      )}
    </article>
  );
}
