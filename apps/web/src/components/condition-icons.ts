/** One icon per live condition (issue 19), from the app's one icon set. */
import type { ConditionKind } from '@playspot/core';
import {
  CloudRain,
  Construction,
  IceCreamCone,
  Leaf,
  PartyPopper,
  Snowflake,
  ThermometerSun,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export const CONDITION_ICONS: Readonly<Record<ConditionKind, LucideIcon>> = {
  busy: Users,
  quiet: Leaf,
  wet: CloudRain,
  icy: Snowflake,
  too_hot: ThermometerSun,
  closed: Construction,
  broken: Wrench,
  ice_cream_van: IceCreamCone,
  event: PartyPopper,
};

/** Good news in green, things to know before going in amber, closures in red. */
export const CONDITION_TONES: Readonly<Record<ConditionKind, string>> = {
  busy: 'bg-amber-100 text-amber-900',
  quiet: 'bg-park-100 text-park-800',
  wet: 'bg-sky-100 text-sky-900',
  icy: 'bg-sky-100 text-sky-900',
  too_hot: 'bg-amber-100 text-amber-900',
  closed: 'bg-red-100 text-red-900',
  broken: 'bg-red-100 text-red-900',
  ice_cream_van: 'bg-park-100 text-park-800',
  event: 'bg-park-100 text-park-800',
};
