/**
 * One vocabulary for what a place has (issue 49): each thing is a fact (facts.ts) or a kind of
 * play equipment (equipment-kinds.ts), never both. A baby swing, water play and a sandpit were
 * both until issue 49; they are equipment kinds now, so one answer (`equipment:<kind>`) feeds the
 * filters and the page. Migration 0030 moved the answers and imports under the old fact names
 * (MERGED_FACTS) to the kind; feeds and import mappings that still say the old names are read
 * as the kind (`answerKeyOf`).
 */
import { EQUIPMENT_KINDS, isEquipmentKind, type EquipmentKind } from './equipment-kinds.ts';
import { FACT_FILTER_RULES, FACT_FILTERS, type FactFilter } from './fact-filters.ts';
import { FACT_KEYS, factFromText, yesNoFromText, type FactKey } from './facts.ts';

/** The facts that were equipment kinds too, and the kind each is now (migration 0030). */
export const MERGED_FACTS = {
  baby_swing: 'baby_swing',
  water_play: 'water_play',
  sand: 'sandpit',
} as const satisfies Readonly<Record<string, EquipmentKind>>;

/** What an answer is kept under: a fact's key, or `equipment:<kind>`. */
export type AnswerKey = FactKey | `equipment:${EquipmentKind}`;

const isFactKey = (name: string): name is FactKey => (FACT_KEYS as readonly string[]).includes(name);

/**
 * The answer key a name stands for: a fact's own key; `equipment:<kind>` for a kind, its
 * answer key, or a fact merged into it ('sand' → 'equipment:sandpit'); null for anything else.
 */
export function answerKeyOf(name: string): AnswerKey | null {
  if (isFactKey(name)) return name;
  const kind = name.startsWith('equipment:') ? name.slice('equipment:'.length) : name;
  if (isEquipmentKind(kind)) return `equipment:${kind}`;
  return Object.hasOwn(MERGED_FACTS, name)
    ? `equipment:${MERGED_FACTS[name as keyof typeof MERGED_FACTS]}`
    : null;
}

/**
 * An answer from a field of a flat feed: a fact's value (factFromText), or yes or no for a kind
 * of equipment; null when the text says nothing it takes.
 */
export function answerFromText(key: AnswerKey, text: string | undefined): string | null {
  return key.startsWith('equipment:') ? yesNoFromText(text) : factFromText(key as FactKey, text);
}

/** Where a thing a place has shows: the page's section, and the filters that ask for it. */
export interface VocabularyEntry {
  /** The answer key (`fenced`, `equipment:slide`). */
  readonly key: AnswerKey;
  /** The place page's section that shows and asks it. */
  readonly section: 'facts' | 'equipment';
  /** The map filters that ask for it: a fact filter (`has=…`) and/or the equipment filter. */
  readonly filters: readonly (`has=${FactFilter}` | `equipment=${EquipmentKind}`)[];
}

/** Every fact and kind of equipment, where it shows, in the vocabulary's order. */
export function placeVocabulary(): VocabularyEntry[] {
  const hasFiltersOf = (key: AnswerKey) =>
    FACT_FILTERS.filter((filter) => {
      const rule = FACT_FILTER_RULES[filter];
      return 'equipment' in rule ? `equipment:${rule.equipment}` === key : rule.fact === key;
    }).map((filter) => `has=${filter}` as const);
  return [
    ...FACT_KEYS.map((key) => ({ key, section: 'facts' as const, filters: hasFiltersOf(key) })),
    ...EQUIPMENT_KINDS.map((kind) => {
      const key = `equipment:${kind}` as const;
      return {
        key,
        section: 'equipment' as const,
        filters: [...hasFiltersOf(key), `equipment=${kind}` as const],
      };
    }),
  ];
}
