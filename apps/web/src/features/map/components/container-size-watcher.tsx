/**
 * Tells Leaflet when its container changes size. Leaflet only notices window resizes, so a
 * banner appearing (offline, a position notice) or a panel settling its width would leave the
 * map measuring its old size: the centre drifts off the middle and tiles stop short of the edge.
 */
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

export function ContainerSizeWatcher() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver !== 'function') return;
    // Keeps the same place in the middle (pan), without animation (a layout change is instant).
    const observer = new ResizeObserver(() => {
      map.invalidateSize({ pan: true, animate: false });
    });
    observer.observe(map.getContainer());
    return () => {
      observer.disconnect();
    };
  }, [map]);
  return null;
}
