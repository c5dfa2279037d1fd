/**
 * Dragging the phone's bottom sheet by its handle: it follows the finger, then settles on
 * the nearest resting height. A tap without movement toggles it instead.
 */
import { useCallback, useRef, useState, type PointerEvent, type RefObject } from 'react';

export type SheetSnap = 'peek' | 'half' | 'full';

/** Height of the sheet when only its header shows. */
export const SHEET_PEEK_PX = 168;
/** Movement below this is a tap, not a drag. */
const DRAG_THRESHOLD_PX = 6;

export function snapHeights(containerHeight: number): Record<SheetSnap, number> {
  return {
    peek: SHEET_PEEK_PX,
    half: Math.round(containerHeight * 0.5),
    full: Math.max(SHEET_PEEK_PX, containerHeight - 16),
  };
}

export function nearestSnap(height: number, containerHeight: number): SheetSnap {
  const heights = snapHeights(containerHeight);
  const order: SheetSnap[] = ['peek', 'half', 'full'];
  return order.reduce((best, snap) =>
    Math.abs(heights[snap] - height) < Math.abs(heights[best] - height) ? snap : best,
  );
}

interface DragState {
  readonly pointerId: number;
  readonly startY: number;
  readonly startHeight: number;
  readonly containerHeight: number;
  moved: boolean;
}

export function useSheetDrag(options: {
  readonly sheet: RefObject<HTMLElement | null>;
  readonly snap: SheetSnap;
  readonly onSnapChange: (snap: SheetSnap) => void;
}) {
  const { sheet, snap, onSnapChange } = options;
  const [dragHeight, setDragHeight] = useState<number | null>(null);
  const drag = useRef<DragState | null>(null);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const element = sheet.current;
      const container = element?.parentElement;
      if (!element || !container) return;
      drag.current = {
        pointerId: event.pointerId,
        startY: event.clientY,
        startHeight: element.getBoundingClientRect().height,
        containerHeight: container.getBoundingClientRect().height,
        moved: false,
      };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    [sheet],
  );

  const onPointerMove = useCallback((event: PointerEvent<HTMLElement>) => {
    const state = drag.current;
    if (state?.pointerId !== event.pointerId) return;
    const delta = state.startY - event.clientY;
    if (!state.moved && Math.abs(delta) < DRAG_THRESHOLD_PX) return;
    state.moved = true;
    const max = snapHeights(state.containerHeight).full;
    setDragHeight(Math.min(max, Math.max(SHEET_PEEK_PX, state.startHeight + delta)));
  }, []);

  const onPointerUp = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const state = drag.current;
      if (state?.pointerId !== event.pointerId) return;
      drag.current = null;
      if (!state.moved) {
        onSnapChange(snap === 'peek' ? 'half' : 'peek');
      } else {
        const height = state.startHeight + (state.startY - event.clientY);
        onSnapChange(nearestSnap(height, state.containerHeight));
      }
      setDragHeight(null);
    },
    [snap, onSnapChange],
  );

  return {
    dragHeight,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp },
  };
}
