/**
 * One way to tell a parent what a contribution earned (DESIGN.md: toasts for outcomes, a
 * small celebration on a level-up). Call it with any write response that carries a
 * `reward` ({ change, points, level, leveledUp }) or with the reward itself.
 */
import { addUpAwards, type PointsAward } from '@playspot/core';
import type { QueryClient } from '@tanstack/react-query';
import { PartyPopper, Sparkles } from 'lucide-react';
import { MY_POINTS_KEY } from '../lib/api/get-my-points.ts';
import { loadToasts } from '../lib/handle-error.ts';
import { i18n } from '../lib/i18n/i18n.ts';

type RewardCarrier = { readonly reward?: PointsAward | null } | PointsAward | null | undefined;

function rewardOf(result: RewardCarrier): PointsAward | null {
  if (!result) return null;
  if ('reward' in result) return result.reward ?? null;
  return 'change' in result ? result : null;
}

/** "+100 points" / "−100 points"; a change of zero says nothing. */
export function pointsChangeText(change: number): string {
  const amount = Math.abs(change);
  return i18n.t(change < 0 ? 'common:points.minus' : 'common:points.plus', { count: amount });
}

/** "+200 points · 220 in total": what was earned and the total after it, in every points toast. */
function EarnedLine({ change, points }: { readonly change: number; readonly points: number }) {
  return (
    <>
      <strong>{pointsChangeText(change)}</strong>{' '}
      <span className="text-gray-700">{i18n.t('common:points.total', { count: points })}</span>
    </>
  );
}

/**
 * The one points toast (issue 45): the whole award and its total and, when it took the parent
 * up a level, the new level above the same line, so no two toasts can disagree.
 */
function PointsToast({ award }: { readonly award: PointsAward }) {
  if (award.leveledUp) {
    return (
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 animate-rise-in place-items-center rounded-full bg-sun-100 text-sun-700"
        >
          <PartyPopper className="size-6" />
        </span>
        <span>
          <strong className="block font-display text-lg text-sun-800">
            {i18n.t('common:points.levelUp', { level: award.level })}
          </strong>
          <span className="block">
            <EarnedLine change={award.change} points={award.points} />
          </span>
        </span>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Sparkles aria-hidden="true" className="size-5 shrink-0 text-sun-700" />
      <span>
        <EarnedLine change={award.change} points={award.points} />
      </span>
    </div>
  );
}

/** The one points toast; what it says adds up while it is shown. */
const POINTS_TOAST = 'points-earned';
let shownAward: PointsAward | null = null;

/**
 * Shows the points toast, or the level-up celebration when the level went up, and returns
 * the reward it found (null when the result carried none or changed nothing). With a query
 * client, the header's points are refreshed too.
 */
export function celebratePoints(result: RewardCarrier, queryClient?: QueryClient): PointsAward | null {
  const reward = rewardOf(result);
  if (!reward) return null;
  void queryClient?.invalidateQueries({ queryKey: MY_POINTS_KEY });
  if (!reward.leveledUp && reward.change === 0) return null;
  // The toasts' code loads with the first toast (handle-error.ts); calls keep their order.
  void loadToasts().then(({ toast }) => {
    showReward(toast, reward);
  });
  return reward;
}

function showReward(toast: typeof import('react-toastify').toast, reward: PointsAward): void {
  if (reward.change < 0) {
    toast.info(
      `${pointsChangeText(reward.change)} ${i18n.t('common:points.total', { count: reward.points })}`,
    );
    return;
  }
  // Quick contributions (three fact answers in a row, a comment and then its photo) add up in
  // one toast ("+30 points", "+200 points"), rather than a stack over the header (issue 32) or
  // a level-up beside a later total (issue 45).
  const active = toast.isActive(POINTS_TOAST);
  shownAward = addUpAwards(active ? shownAward : null, reward);
  const content = <PointsToast award={shownAward} />;
  if (active) toast.update(POINTS_TOAST, { render: content, delay: 0 });
  else toast.success(content, { toastId: POINTS_TOAST, icon: false });
}
