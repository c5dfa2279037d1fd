/**
 * Says what distances are measured from when it is not a current reading: 'Using where you
 * were 3 hours ago.' or 'Using the spot you set by hand.', with a way to update it.
 */
import { describePositionKind } from '@playspot/core';
import { History, LocateFixed, MapPinned } from 'lucide-react';
import type { UserPosition } from '../user-position.ts';

interface PositionNoticeProps {
  readonly position: UserPosition | null;
  readonly locating: boolean;
  readonly onLocateMe: () => void;
  /** The time to judge the position's age by (defaults to now). */
  readonly now?: Date;
  readonly className?: string;
}

export function PositionNotice({
  position,
  locating,
  onLocateMe,
  now = new Date(),
  className = '',
}: PositionNoticeProps) {
  if (position === null) return null;
  const text = describePositionKind(position, now);
  if (text === null) return null;
  const Icon = position.source === 'manual' ? MapPinned : History;
  return (
    <p
      data-testid="position-notice"
      className={`flex items-center gap-2 rounded-2xl bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-100 ${className}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="min-w-0 flex-1">{text}</span>
      <button
        type="button"
        onClick={onLocateMe}
        disabled={locating}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 font-bold text-sky-900 hover:bg-sky-100 focus-visible:outline-3 focus-visible:outline-sky-600 disabled:cursor-wait disabled:opacity-70"
      >
        <LocateFixed aria-hidden="true" className="h-4 w-4" />
        {locating ? 'Finding you…' : 'Update'}
      </button>
    </p>
  );
}
