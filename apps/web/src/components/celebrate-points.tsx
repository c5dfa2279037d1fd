/**
 * One way to tell a parent what a contribution earned (DESIGN.md: toasts for outcomes, a
 * small celebration on a level-up). Call it with any write response that carries a
 * `reward` ({ change, points, level, leveledUp }) or with the reward itself.
 */
import type { PointsAward } from '@playspot/core';
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

function LevelUpCelebration({ level, points }: { readonly level: number; readonly points: number }) {
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
          {i18n.t('common:points.levelUp', { level })}
        </strong>
        <span className="text-sm text-gray-700">{i18n.t('common:points.thanks', { count: points })}</span>
      </span>
    </div>
  );
}

/** The one points toast; what it says adds up while it is shown. */
const POINTS_TOAST = 'points-earned';
let earnedWhileShown = 0;

function PointsEarned({ change, points }: { readonly change: number; readonly points: number }) {
  return (
    <div className="flex items-center gap-2">
      <Sparkles aria-hidden="true" className="size-5 shrink-0 text-sun-700" />
      <span>
        <strong>{pointsChangeText(change)}</strong>{' '}
        <span className="text-gray-700">{i18n.t('common:points.total', { count: points })}</span>
      </span>
    </div>
  );
}

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
  if (reward.leveledUp) {
    toast.success(<LevelUpCelebration level={reward.level} points={reward.points} />, {
      toastId: `level-${reward.level}`,
      icon: false,
    });
    return;
  }
  if (reward.change > 0) {
    // Quick contributions (three fact answers in a row) coalesce into one toast that adds them
    // up ("+30 points"), rather than a stack over the header (issue 32).
    if (toast.isActive(POINTS_TOAST)) {
      earnedWhileShown += reward.change;
      toast.update(POINTS_TOAST, {
        render: <PointsEarned change={earnedWhileShown} points={reward.points} />,
        delay: 0,
      });
    } else {
      earnedWhileShown = reward.change;
      toast.success(<PointsEarned change={reward.change} points={reward.points} />, {
        toastId: POINTS_TOAST,
        icon: false,
      });
    }
  } else {
    toast.info(
      `${pointsChangeText(reward.change)} ${i18n.t('common:points.total', { count: reward.points })}`,
    );
  }
}
