/**
 * /moderation: moderators and admins see reported photos, comments and places, the pending
 * removal requests and the audit log;
 * everyone signed in sees their own requests' status; anyone else a polite 'not for you'.
 */
import type { UserRole } from '@playspot/core';
import { Flag, ShieldCheck, ShieldQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useModerationQueue } from '../api/get-moderation-queue.ts';
import { useReports } from '../api/get-reports.ts';
import { AuditLog } from './audit-log.tsx';
import { MyRemovalRequests } from './my-removal-requests.tsx';
import { ReportCard } from './report-card.tsx';
import { RequestCard } from './request-card.tsx';
import { useTranslation } from 'react-i18next';

interface ModerationPageProps {
  /** null when signed out. */
  readonly role: UserRole | null;
  readonly onSignIn: () => void;
  /** More queues from other features (broken equipment, from conditions), under the others. */
  readonly extra?: ReactNode;
}

export function canModerate(role: UserRole | null): boolean {
  return role === 'moderator' || role === 'admin';
}

export function ModerationPage({ role, onSignIn, extra }: ModerationPageProps) {
  if (!canModerate(role)) return <NotAllowed signedIn={role !== null} onSignIn={onSignIn} />;
  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-5 pt-8 pb-12">
      <p className="font-display text-lg font-medium text-park-800">Keeping PlaySpot right</p>
      <h1 className="mt-1 font-display text-4xl leading-tight font-semibold text-ink">Moderation</h1>
      <p className="mt-2 max-w-3xl text-lg text-gray-800">
        Reported photos, comments and places, and requests to remove a place or an account. Read the reasons,
        check the place, then decide. Every decision is kept in the audit log.
      </p>
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start lg:gap-10">
        <div>
          <ReportsQueue />
          <PendingQueue />
          {extra}
        </div>
        <div>
          <AuditLog className="mt-10 lg:mt-8" />
          <MyRemovalRequests />
        </div>
      </div>
    </div>
  );
}

function ReportsQueue() {
  const reports = useReports();
  return (
    <section aria-labelledby="reports-title" className="mt-8">
      <h2 id="reports-title" className="flex items-center gap-2 font-display text-2xl font-semibold text-ink">
        <Flag aria-hidden="true" className="h-6 w-6 text-red-700" />
        Reports{reports.data ? ` (${reports.data.length})` : ''}
      </h2>
      <div className="mt-3">
        {reports.isPending ? (
          <p role="status" className="text-base text-gray-700">
            Loading the reports…
          </p>
        ) : reports.isError ? (
          <LoadError onRetry={() => void reports.refetch()}>The reports did not load.</LoadError>
        ) : reports.data.length === 0 ? (
          <p className="flex items-center gap-3 rounded-3xl bg-park-50 p-5 text-base text-park-900 ring-1 ring-park-100">
            <ShieldCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-park-700" />
            No reports waiting.
          </p>
        ) : (
          <ul aria-label="Reported photos, comments and places" className="space-y-4">
            {reports.data.map((item) => (
              <li key={item.targetId}>
                <ReportCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function PendingQueue() {
  const queue = useModerationQueue('pending');
  return (
    <section aria-labelledby="pending-title" className="mt-8">
      <h2 id="pending-title" className="font-display text-2xl font-semibold text-ink">
        Waiting for a decision{queue.data ? ` (${queue.data.length})` : ''}
      </h2>
      <div className="mt-3">
        {queue.isPending ? (
          <p role="status" className="text-base text-gray-700">
            Loading the requests…
          </p>
        ) : queue.isError ? (
          <LoadError onRetry={() => void queue.refetch()}>The requests did not load.</LoadError>
        ) : queue.data.length === 0 ? (
          <p className="flex items-center gap-3 rounded-3xl bg-park-50 p-5 text-base text-park-900 ring-1 ring-park-100">
            <ShieldCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-park-700" />
            All caught up: nothing is waiting.
          </p>
        ) : (
          <ul aria-label="Pending removal requests" className="space-y-4">
            {queue.data.map((request) => (
              <li key={request.id}>
                <RequestCard request={request} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function NotAllowed({ signedIn, onSignIn }: { readonly signedIn: boolean; readonly onSignIn: () => void }) {
  const { t } = useTranslation('moderation');
  return (
    <div className="mx-auto w-full max-w-2xl flex-1 px-5 pt-10 pb-12">
      <div className="flex flex-col items-center text-center">
        <span
          aria-hidden="true"
          className="flex h-20 w-20 items-center justify-center rounded-[1.75rem] bg-park-100 text-park-800"
        >
          <ShieldQuestion className="h-10 w-10" />
        </span>
        <h1 className="mt-6 font-display text-3xl font-semibold text-ink">{t('notAllowed.title')}</h1>
        <p className="mt-2 text-lg text-gray-700">
          {signedIn ? t('notAllowed.textSignedIn') : t('notAllowed.text')}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.map} className={buttonClassName(signedIn ? 'primary' : 'secondary')}>
            {t('notAllowed.back')}
          </Link>
          {!signedIn && <Button onClick={onSignIn}>{t('notAllowed.signIn')}</Button>}
        </div>
      </div>
      {signedIn && <MyRemovalRequests />}
    </div>
  );
}
