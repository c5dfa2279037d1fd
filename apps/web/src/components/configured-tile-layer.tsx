/**
 * The map's tiles from the provider the server names at run time (GET /api/config): nothing
 * until it has answered, then that provider's tiles and attribution.
 */
import { TileLayer } from 'react-leaflet';
import { useTileSettings } from '../lib/api/get-runtime-config.ts';

export function ConfiguredTileLayer() {
  const tiles = useTileSettings();
  if (tiles === null) return null;
  // Keyed by the URL: Leaflet keeps a layer's attribution for its life.
  return <TileLayer key={tiles.url} url={tiles.url} attribution={tiles.attribution} />;
}
