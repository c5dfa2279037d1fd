/** The audit log: who decided what, when, and their note. */
import { ScrollText } from 'lucide-react';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useAuditLog } from '../api/get-audit-log.ts';
import { auditSentence, formatWhen } from '../utils/moderation-display.ts';

export function AuditLog({ className = 'mt-10' }: { readonly className?: string }) {
  const log = useAuditLog();
  return (
    <section aria-labelledby="audit-log-title" className={className}>
      <h2
        id="audit-log-title"
        className="flex items-center gap-2 font-display text-2xl font-semibold text-ink"
      >
        <ScrollText aria-hidden="true" className="h-6 w-6 text-park-700" />
        Audit log
      </h2>
      <div className="mt-3">
        {log.isPending ? (
          <p role="status" className="text-base text-gray-700">
            Loading the log…
          </p>
        ) : log.isError ? (
          <LoadError onRetry={() => void log.refetch()}>The audit log did not load.</LoadError>
        ) : log.data.length === 0 ? (
          <p className="rounded-3xl bg-white p-5 text-base text-gray-700 shadow-sm ring-1 ring-black/5">
            No decisions yet.
          </p>
        ) : (
          <ol
            aria-label="Decisions, newest first"
            className="divide-y divide-gray-100 rounded-3xl bg-white shadow-sm ring-1 ring-black/5"
          >
            {log.data.map((entry) => {
              const sentence = auditSentence(entry);
              return (
                <li key={entry.id} className="px-5 py-3 text-base">
                  <p className="text-gray-800">
                    <strong>{entry.moderatorUserName ?? 'A former moderator'}</strong>{' '}
                    <span
                      className={
                        entry.decision === 'approve' ||
                        entry.decision === 'delete' ||
                        entry.decision === 'hide'
                          ? 'font-bold text-park-800'
                          : 'font-bold text-gray-800'
                      }
                    >
                      {sentence.verb}
                    </span>{' '}
                    {sentence.object} <strong>{entry.subject}</strong>
                  </p>
                  <p className="text-sm text-gray-700">
                    <time dateTime={entry.createdAt}>{formatWhen(entry.createdAt)}</time>
                    {entry.note && <> · “{entry.note}”</>}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}
