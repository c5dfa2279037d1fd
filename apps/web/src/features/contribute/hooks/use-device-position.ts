/**
 * The device position for the add form: read quietly when location is already allowed, or
 * on request ('Use my location'). Never shows the permission dialog of the map.
 */
import type { LatLng } from '@playspot/core';
import { useCallback, useEffect, useState } from 'react';
import { handleError } from '../../../lib/handle-error.ts';
import { getCurrentPosition, queryPositionPermission } from '../../../platform/geolocation.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

/** `auto`: read the position at once when location is already allowed (not when editing). */
export function useDevicePosition({ auto }: { readonly auto: boolean }) {
  const [position, setPosition] = useState<LatLng | null>(null);
  const [locating, setLocating] = useState(false);

  const read = useCallback(async (quiet: boolean) => {
    setLocating(true);
    try {
      const reading = await getCurrentPosition();
      setPosition({ lat: reading.lat, lng: reading.lng });
    } catch (error) {
      if (!quiet) handleError(error, i18n.t('contribute:position.notFound'));
    } finally {
      setLocating(false);
    }
  }, []);

  useEffect(() => {
    if (!auto) return;
    queryPositionPermission()
      .then((state) => (state === 'granted' ? read(true) : undefined))
      .catch(() => undefined);
  }, [auto, read]);

  const locate = useCallback(() => {
    void read(false);
  }, [read]);

  return { position, locating, locate };
}
