/**
 * One reported photo, comment or place for a moderator: what it is and where, why people
 * reported it and how many, their notes, a note for the audit log, and the decisions core
 * allows for it (hide, delete after one more question, dismiss). Reporters are never named.
 */
import {
  REPORT_REASON_LABELS,
  reportDecisionsFor,
  type ReportDecision,
  type ReportedItem,
} from '@playspot/core';
import { Check, EyeOff, Trash2, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { handleError, notifySuccess } from '../../../lib/handle-error.ts';
import { useDecideReport } from '../api/decide-report.ts';
import { formatWhen, REPORT_TARGET_NOUNS } from '../utils/moderation-display.ts';
import { AuditNoteField } from './audit-note-field.tsx';
import { serverFileUrl } from '../../../lib/api-client.ts';

/** 'the photo at Kauri Glen', 'the comment at Kauri Glen', 'the place Kauri Glen'. */
export function reportSubject(item: Pick<ReportedItem, 'targetType' | 'locationName'>): string {
  const noun = REPORT_TARGET_NOUNS[item.targetType];
  return item.targetType === 'location'
    ? `the place ${item.locationName}`
    : `the ${noun} at ${item.locationName}`;
}

const DONE: Record<ReportDecision, (subject: string) => string> = {
  hide: (subject) => `Hid ${subject}.`,
  delete: (subject) => `Deleted ${subject}.`,
  dismiss: (subject) => `Dismissed the reports on ${subject}.`,
};

export function ReportCard({ item }: { readonly item: ReportedItem }) {
  const id = useId();
  const decide = useDecideReport();
  const [note, setNote] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const subject = reportSubject(item);
  const noun = REPORT_TARGET_NOUNS[item.targetType];
  const decisions = reportDecisionsFor(item.targetType);

  const send = (decision: ReportDecision) => {
    decide.mutate(
      { targetType: item.targetType, targetId: item.targetId, decision, note },
      {
        onSuccess: () => {
          setConfirmingDelete(false);
          notifySuccess(DONE[decision](subject));
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
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-bold tracking-wide text-gray-700 uppercase">Reported {noun}</p>
        {item.hidden && (
          <span className="inline-flex items-center gap-1 rounded-full bg-sun-100 px-2.5 py-0.5 text-sm font-bold text-sun-900">
            <EyeOff aria-hidden="true" className="h-4 w-4" />
            Hidden until you decide
          </span>
        )}
      </div>
      <h3 id={`${id}-title`} className="mt-1 font-display text-xl font-semibold text-ink">
        <Link
          to={paths.place.build(item.locationId)}
          className="text-park-800 underline underline-offset-2 hover:text-park-700"
        >
          {item.locationName}
        </Link>
      </h3>

      <ReportedContent item={item} />

      <WhyReported item={item} />

      <AuditNoteField id={`${id}-note`} value={note} onChange={setNote} />
      <DecisionButtons
        subject={subject}
        decisions={decisions}
        pending={decide.isPending}
        onDelete={() => {
          setConfirmingDelete(true);
        }}
        onSend={send}
      />
      {confirmingDelete && (
        <ConfirmDeleteDialog
          title={`Delete this ${noun}?`}
          description={
            item.targetType === 'location'
              ? `${item.locationName} disappears from the map, search and its page, with its photos and comments. It cannot be undone.`
              : `The ${noun} disappears from ${item.locationName} for everyone${item.targetType === 'photo' ? ' and its files are deleted' : ''}. It cannot be undone.`
          }
          confirmLabel={`Delete ${noun}`}
          pending={decide.isPending}
          onConfirm={() => {
            send('delete');
          }}
          onClose={() => {
            setConfirmingDelete(false);
          }}
        />
      )}
    </article>
  );
}

/** The reported photo or comment as it was shared (a reported place is its title). */
function ReportedContent({ item }: { readonly item: ReportedItem }) {
  return (
    <>
      {item.photo && (
        <figure className="mt-3">
          <img
            src={serverFileUrl(item.photo.thumbnailUrl)}
            alt={`Reported photo at ${item.locationName}`}
            className="max-h-64 w-full rounded-2xl bg-gray-100 object-cover sm:w-80"
          />
          <figcaption className="mt-1 text-sm text-gray-700">
            Shared by {item.photo.uploadedByUserName ?? 'a former member'} ·{' '}
            <a
              href={serverFileUrl(item.photo.url)}
              target="_blank"
              rel="noreferrer"
              className="font-bold text-park-800 underline"
            >
              Full size
            </a>
          </figcaption>
        </figure>
      )}
      {item.comment && (
        <div className="mt-3">
          <blockquote className="rounded-2xl border-s-4 border-gray-300 bg-gray-50 px-4 py-3 text-base whitespace-pre-line text-gray-900">
            {item.comment.text}
          </blockquote>
          <p className="mt-1 text-sm text-gray-700">By {item.comment.userName ?? 'a former member'}</p>
          {item.comment.imageUrl && (
            <img
              src={serverFileUrl(item.comment.imageUrl)}
              alt={`Photo with the reported comment at ${item.locationName}`}
              className="mt-2 max-h-48 rounded-2xl bg-gray-100 object-cover"
            />
          )}
        </div>
      )}
    </>
  );
}

/** Why people reported it, how many and since when, and their notes. Reporters are never named. */
function WhyReported({ item }: { readonly item: ReportedItem }) {
  return (
    <>
      <ul aria-label="Reasons given" className="mt-3 flex flex-wrap gap-2">
        {item.reasons.map((reason) => (
          <li
            key={reason.reason}
            className="rounded-full bg-red-50 px-3 py-1 text-sm font-bold text-red-900 ring-1 ring-red-200"
          >
            {REPORT_REASON_LABELS[reason.reason]}
            {reason.count > 1 && ` × ${reason.count}`}
          </li>
        ))}
      </ul>
      <p className="mt-2 flex items-center gap-1.5 text-base text-gray-700">
        <Users aria-hidden="true" className="h-4 w-4 shrink-0" />
        Reported by {item.reporterCount === 1 ? '1 person' : `${item.reporterCount} people`} since{' '}
        {formatWhen(item.firstReportedAt)}
      </p>
      {item.notes.length > 0 && (
        <ul aria-label="Notes from reporters" className="mt-2 space-y-1">
          {item.notes.map((text, index) => (
            <li key={`${index}-${text}`} className="text-base text-gray-800 italic">
              “{text}”
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The decisions core allows for this kind of item; deleting asks once more first. */
function DecisionButtons({
  subject,
  decisions,
  pending,
  onDelete,
  onSend,
}: {
  readonly subject: string;
  readonly decisions: readonly ReportDecision[];
  readonly pending: boolean;
  readonly onDelete: () => void;
  readonly onSend: (decision: 'hide' | 'dismiss') => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {decisions.includes('delete') && (
        <Button variant="danger" aria-label={`Delete ${subject}`} disabled={pending} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="h-5 w-5" />
          Delete
        </Button>
      )}
      {decisions.includes('hide') && (
        <Button
          variant="secondary"
          aria-label={`Hide ${subject}`}
          disabled={pending}
          onClick={() => {
            onSend('hide');
          }}
        >
          <EyeOff aria-hidden="true" className="h-5 w-5" />
          Hide
        </Button>
      )}
      {decisions.includes('dismiss') && (
        <Button
          variant="quiet"
          aria-label={`Dismiss the reports on ${subject}`}
          disabled={pending}
          onClick={() => {
            onSend('dismiss');
          }}
        >
          <Check aria-hidden="true" className="h-5 w-5" />
          Dismiss
        </Button>
      )}
    </div>
  );
}
