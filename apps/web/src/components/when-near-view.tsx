/**
 * Draws `children` only once `placeholder`'s spot comes near the screen (within a thumb's
 * scroll, 300 px): what sits far below the first screen, such as a place page's small map
 * (Leaflet, about 50 KB), is not downloaded by someone who never scrolls to it. The
 * placeholder has the size of what replaces it, so nothing moves when it arrives. Without
 * IntersectionObserver (old browsers, tests) the children are drawn right after the first render
 * (the server draws the placeholder, and the browser hydrates that).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface WhenNearViewProps {
  readonly placeholder: ReactNode;
  readonly children: ReactNode;
}

const NEAR = '300px 0px';

export function WhenNearView({ placeholder, children }: WhenNearViewProps) {
  // Not near at first on the server too, so the browser hydrates the same placeholder.
  const [near, setNear] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = spot.current;
    if (near || element === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near]);
  if (near) return children;
  return <div ref={spot}>{placeholder}</div>;
}
