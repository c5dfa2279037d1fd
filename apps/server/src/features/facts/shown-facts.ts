/**
 * Keeps locations.facts (what the map's filters and markers read) equal to what each fact's
 * page shows: core shownFacts over the imported values and parents' answers, and
 * shownEquipment for the play equipment (issue 33). Called after
 * every answer and by imports, for the places they changed.
 */
import { shownEquipment, shownFacts } from '@playspot/core';
import type { Database } from '../../db/client.ts';
import { answersOf, importedFactsOf, writeShownFacts } from './facts.repository.ts';

export async function refreshShownFacts(db: Database, locationIds: readonly string[]): Promise<void> {
  if (locationIds.length === 0) return;
  const ids = [...new Set(locationIds)];
  const imported = await importedFactsOf(db, ids);
  const answers = await answersOf(db, ids);
  const importedBy = new Map<string, Record<string, string>>(ids.map((id) => [id, {}]));
  for (const row of imported) {
    const facts = importedBy.get(row.locationId);
    if (facts) facts[row.key] = row.value;
  }
  const answersBy = Map.groupBy(answers, (row) => row.locationId);
  const shown = new Map<string, Record<string, string>>();
  for (const [id, facts] of importedBy) {
    const given = (answersBy.get(id) ?? []).map((row) => ({
      key: row.key,
      value: row.value,
      at: row.answeredAt,
    }));
    shown.set(id, { ...shownFacts(facts, given), ...shownEquipment(facts, given) });
  }
  await writeShownFacts(db, shown);
}
