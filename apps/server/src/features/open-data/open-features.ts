/** A place as a GeoJSON feature of the open data (nothing personal), with its licence and credit. */
import { openLicenceOf, type ConditionBrief, type OpenPlaces } from '@playspot/core';
import type { OpenPlaceRow } from './open-data.repository.ts';

export type OpenFeature = OpenPlaces['features'][number];

export function openFeatureOf(row: OpenPlaceRow, conditions: ConditionBrief[]): OpenFeature {
  const { licence, attribution } = openLicenceOf(row.source, row.licence);
  return {
    type: 'Feature',
    id: row.id,
    geometry: { type: 'Point', coordinates: [row.longitude, row.latitude] },
    properties: {
      name: row.name,
      tags: row.tags,
      ageRanges: row.ageRanges,
      indoor: row.indoor,
      free: row.free,
      facts: row.facts,
      votes: { up: row.upVotes, down: row.downVotes },
      conditions,
      source: row.source,
      licence,
      attribution,
    },
  };
}
