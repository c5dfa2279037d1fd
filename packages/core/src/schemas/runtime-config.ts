/**
 * GET /api/config: what the web app learns from the server at run time rather than at build
 * time, so an operator changes it by restarting the server, not by rebuilding the app.
 */
import { z } from 'zod';

/** OpenStreetMap's own tile server: free for light use only (see its tile usage policy). */
export const OSM_PUBLIC_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const OSM_TILE_POLICY_URL = 'https://operations.osmfoundation.org/policies/tiles/';

/** Whether a tile URL template points at OpenStreetMap's public tile servers. */
export function isOsmPublicTileServer(template: string): boolean {
  const host = /^https?:\/\/([^/{}]*(?:\{s\}[^/{}]*)?)\//iu.exec(template)?.[1]?.toLowerCase();
  if (host === undefined) return false;
  return host === 'tile.openstreetmap.org' || /^(?:\{s\}|[abc])\.tile\.openstreetmap\.org$/u.test(host);
}

/** An https:// or /-relative Leaflet URL template with {z}, {x} and {y}. */
export function isTileUrlTemplate(value: string): boolean {
  return (
    /^(?:https:\/\/[^/\s]+\/|\/)\S*$/u.test(value) &&
    ['{z}', '{x}', '{y}'].every((part) => value.includes(part))
  );
}

export const tileSettingsSchema = z.object({
  /** Leaflet URL template. */
  url: z.string().min(1),
  /** HTML shown on the map, as the provider's licence requires. */
  attribution: z.string(),
  /** Whether the provider allows keeping tiles on the device to view later (offline). */
  offline: z.boolean(),
});
export type TileSettings = z.infer<typeof tileSettingsSchema>;

export const runtimeConfigSchema = z.object({ tiles: tileSettingsSchema });
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
