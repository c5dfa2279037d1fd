/**
 * A program written only against the client generated from the published API document
 * (types: playspot-api.ts by openapi-typescript; calls: openapi-fetch), as a council's or
 * another app's developer would write it. api-contract.test.ts compiles it against freshly
 * generated types and runs it against a test server: the contract proven by use.
 */
import createClient from 'openapi-fetch';
import type { paths } from './playspot-api.ts';

export interface PlacesNearby {
  /** Names of the places the map's list shows around the point, nearest first. */
  listed: string[];
  /** The nearest place read on its own: its name and how many tags it has. */
  nearest: { name: string; tags: number } | null;
  /** The open-data feed of a box around the point: its licence and the place names in it. */
  openData: { licence: string; names: string[] };
}

function failure(what: string, response: Response, error: unknown): Error {
  return new Error(`${what}: HTTP ${response.status} ${JSON.stringify(error)}`);
}

export async function readPlacesNear(
  baseUrl: string,
  point: { lat: number; lng: number },
  fetchImpl: typeof fetch = fetch,
): Promise<PlacesNearby> {
  const api = createClient<paths>({ baseUrl, fetch: fetchImpl });

  const summaries = await api.GET('/api/locations/summaries', {
    params: { query: { lat: point.lat, lng: point.lng, radiusKm: 10 } },
  });
  if (!summaries.data) throw failure('summaries', summaries.response, summaries.error);
  const listed = summaries.data.items.map((item) => item.name);

  const first = summaries.data.items[0];
  let nearest: PlacesNearby['nearest'] = null;
  if (first) {
    const place = await api.GET('/api/locations/{id}', { params: { path: { id: first.id } } });
    if (!place.data) throw failure('place', place.response, place.error);
    nearest = { name: place.data.name, tags: place.data.tags.length };
  }

  const box = [point.lng - 0.05, point.lat - 0.05, point.lng + 0.05, point.lat + 0.05].join(',');
  const feed = await api.GET('/api/open/places.geojson', { params: { query: { bbox: box } } });
  if (!feed.data) throw failure('open data', feed.response, feed.error);
  const openData = {
    licence: feed.data.licence,
    names: feed.data.features.map((feature) => feature.properties.name),
  };

  return { listed, nearest, openData };
}
