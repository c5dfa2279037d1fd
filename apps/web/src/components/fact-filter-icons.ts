/**
 * The icons of the fact filters (fenced, toilets, shade, baby swing, wheelchair, changing table): what the
 * map's list rows need, kept apart from every fact's icon (fact-icons.ts) so the list's first
 * load carries only these six.
 */
import type { FactFilter } from '@playspot/core';
import { Accessibility, Baby, Fence, RockingChair, Toilet, Umbrella, type LucideIcon } from 'lucide-react';

export const FACT_FILTER_ICONS: Readonly<Record<FactFilter, LucideIcon>> = {
  fenced: Fence,
  toilets: Toilet,
  shade: Umbrella,
  baby_swing: RockingChair,
  wheelchair: Accessibility,
  changing_table: Baby,
};
