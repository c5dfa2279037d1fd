/**
 * The latest value of something a callback reads, for callbacks that keep their identity
 * (memoised children are redrawn only when their props change, issue 42). Updated after each
 * commit: a callback runs in an event or an effect, after the render that gave the value.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
