/**
 * "Play equipment" in the filters (issue 33): swing, slide, sandpit… as on/off chips, like the
 * Facilities. A place must have every kind chosen (the API's `equipment=` filter, on the map
 * index and in SQL alike). The kinds parents ask for most show first; the rest behind
 * "All equipment", and a chosen kind always stays in sight.
 */
import { EQUIPMENT_KINDS, normalizeEquipmentKinds, type EquipmentKind } from '@playspot/core';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconChip } from './icon-chip.tsx';
import { EQUIPMENT_ICONS } from '../../../components/equipment-icons.ts';

/**
 * The kinds offered, most asked first. The baby swing is left out: the Facilities above
 * already offer it (the fact parents confirm), and two "Baby swing" chips would confuse.
 */
const MOST_ASKED: readonly EquipmentKind[] = [
  'swing',
  'slide',
  'sandpit',
  'climbing_frame',
  'water_play',
  'zipline',
  'accessible_swing',
  'trampoline',
];
const OFFERED: readonly EquipmentKind[] = [
  ...MOST_ASKED,
  ...EQUIPMENT_KINDS.filter((kind) => kind !== 'baby_swing' && !MOST_ASKED.includes(kind)),
];
/** Shown before "All equipment". */
const FIRST = 8;

interface EquipmentFilterChipsProps {
  readonly value: readonly EquipmentKind[] | undefined;
  /** The chosen kinds in EQUIPMENT_KINDS order; undefined when none. */
  readonly onChange: (equipment: EquipmentKind[] | undefined) => void;
}

export function EquipmentFilterChips({ value = [], onChange }: EquipmentFilterChipsProps) {
  const { t } = useTranslation(['filters', 'common']);
  const [showAll, setShowAll] = useState(false);
  const toggle = (kind: EquipmentKind, on: boolean) => {
    const next = normalizeEquipmentKinds(on ? [...value, kind] : value.filter((item) => item !== kind));
    onChange(next.length === 0 ? undefined : next);
  };
  const shown = OFFERED.filter((kind, index) => showAll || index < FIRST || value.includes(kind));
  return (
    <fieldset className="mt-5" data-testid="equipment-filter">
      <legend className="mb-2 font-display text-lg font-medium text-ink">{t('equipment')}</legend>
      <div className="flex flex-wrap gap-2">
        {shown.map((kind) => (
          <IconChip
            key={kind}
            icon={EQUIPMENT_ICONS[kind]}
            label={t(`common:equipmentKinds.${kind}`)}
            checked={value.includes(kind)}
            onChange={(on) => {
              toggle(kind, on);
            }}
          />
        ))}
        {!showAll && shown.length < OFFERED.length && (
          <button
            type="button"
            onClick={() => {
              setShowAll(true);
            }}
            className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-base font-semibold text-park-800 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
          >
            {t('allEquipment', { count: OFFERED.length })}
            <ChevronDown aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
      </div>
      <p className="mt-2 text-sm text-gray-700">{t('equipmentHint')}</p>
    </fieldset>
  );
}
