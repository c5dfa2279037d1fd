/**
 * A tag as the reader reads it (issue 32): a known tag (core knownTagKey: the add form's chips,
 * the open-data import's tags) in the active language; a parent's own words as written.
 */
import { knownTagKey } from '@playspot/core';
import { i18n } from '../lib/i18n/i18n.ts';

export function tagLabel(tag: string): string {
  const key = knownTagKey(tag);
  if (key === null) return tag;
  const labels: Partial<Record<string, string>> = i18n.t('common:knownTags', { returnObjects: true });
  return labels[key] ?? tag;
}
