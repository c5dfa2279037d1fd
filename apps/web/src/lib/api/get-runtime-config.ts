/**
 * GET /api/config: the settings the server hands the app at run time, the map's tiles among
 * them (TILE_URL, TILE_ATTRIBUTION, TILE_OFFLINE), so changing provider needs no rebuild.
 */
import type { RuntimeConfig, TileSettings } from '@playspot/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { OFFLINE_CACHES } from '../../config/offline-caches.ts';
import { clearCaches } from '../../platform/offline-caches.ts';
import { apiRequest } from '../api-client.ts';

export const RUNTIME_CONFIG_KEY = ['runtime-config'] as const;

export function getRuntimeConfig(signal?: AbortSignal): Promise<RuntimeConfig> {
  return apiRequest<RuntimeConfig>('/api/config', {
    unchecked: true,
    signal,
  });
}

export function runtimeConfigQueryOptions() {
  return queryOptions({
    queryKey: RUNTIME_CONFIG_KEY,
    queryFn: ({ signal }) => getRuntimeConfig(signal),
    // Fixed while the server runs: read once per visit (the service worker keeps it offline).
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The map's tiles, or null until the server has said which. Tiles kept from a provider that
 * does not allow it (or from an earlier one that did) are dropped from the device.
 */
export function useTileSettings(): TileSettings | null {
  const { data } = useQuery(runtimeConfigQueryOptions());
  const tiles = data?.tiles ?? null;
  const offline = tiles?.offline;
  useEffect(() => {
    if (offline === false) void clearCaches([OFFLINE_CACHES.tiles]);
  }, [offline]);
  return tiles;
}
