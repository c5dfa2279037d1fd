/**
 * A CSV that a council opens in a spreadsheet (broken equipment, defects): a header row, then
 * a row each, every text cell made inert (core spreadsheetSafeCell: a place's name is anyone's
 * text and must never run as a formula).
 */
import { spreadsheetSafeCell } from '@playspot/core';
import { stringify } from 'csv-stringify/sync';

export function spreadsheetCsv(rows: readonly Record<string, unknown>[], columns: readonly string[]): string {
  return stringify(
    rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([column, value]) => [column, spreadsheetSafeCell(value)])),
    ),
    { header: true, columns: [...columns] },
  );
}
