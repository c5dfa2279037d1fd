/**
 * Where the list and the picked place live: a bottom sheet on phones (peek, half, full;
 * drag or tap its handle), a side panel from 1024 px.
 */
import { useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHEET_PEEK_PX, useSheetDrag, type SheetSnap } from '../hooks/use-sheet-drag.ts';

const SNAP_HEIGHT: Record<SheetSnap, string> = {
  peek: `${SHEET_PEEK_PX}px`,
  half: '50%',
  full: 'calc(100% - 16px)',
};

interface ResultsPanelProps {
  readonly title: string;
  readonly subtitle: ReactNode;
  readonly headerAction: ReactNode;
  readonly snap: SheetSnap;
  readonly onSnapChange: (snap: SheetSnap) => void;
  readonly children: ReactNode;
}

export function ResultsPanel({
  title,
  subtitle,
  headerAction,
  snap,
  onSnapChange,
  children,
}: ResultsPanelProps) {
  const { t } = useTranslation('map');
  const sheet = useRef<HTMLElement>(null);
  const { dragHeight, handlers } = useSheetDrag({ sheet, snap, onSnapChange });
  const height = dragHeight === null ? SNAP_HEIGHT[snap] : `${dragHeight}px`;
  const expanded = snap !== 'peek';

  const onHandleKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSnapChange(expanded ? 'peek' : 'half');
    }
  };

  return (
    <section
      ref={sheet}
      aria-labelledby="results-title"
      style={{ '--sheet-height': height } as CSSProperties}
      className={`absolute inset-x-0 bottom-0 z-[700] flex h-(--sheet-height) flex-col rounded-t-[1.75rem] bg-white shadow-[0_-6px_24px_rgba(31,41,55,0.18)] lg:static lg:z-auto lg:h-full lg:w-[400px] lg:shrink-0 lg:rounded-none lg:border-e lg:border-gray-200 lg:shadow-none xl:w-[440px] ${dragHeight === null ? 'transition-[height] duration-200 ease-out' : ''}`}
    >
      <div
        role="button"
        tabIndex={0}
        aria-expanded={expanded}
        aria-controls="results-body"
        aria-label={expanded ? t('sheet.less') : t('sheet.more')}
        onKeyDown={onHandleKey}
        {...handlers}
        className="flex h-7 shrink-0 cursor-grab touch-none items-center justify-center rounded-t-[1.75rem] focus-visible:outline-3 focus-visible:outline-sky-600 lg:hidden"
      >
        <span aria-hidden="true" className="h-1.5 w-12 rounded-full bg-gray-300" />
      </div>
      <header className="flex shrink-0 items-center gap-3 px-4 pb-3 lg:px-5 lg:pt-5">
        <div className="min-w-0 flex-1">
          <h2 id="results-title" className="font-display text-xl leading-tight font-semibold text-ink">
            {title}
          </h2>
          <p className="truncate text-sm text-gray-700">{subtitle}</p>
        </div>
        {headerAction}
      </header>
      <div
        id="results-body"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain border-t border-gray-100"
      >
        {children}
      </div>
    </section>
  );
}
