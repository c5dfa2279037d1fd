/**
 * The app's modal dialog on Radix: focus trapped inside, focus returned on close, labelled by
 * its title and described by its description, Escape and backdrop closing unless the dialog
 * must be answered. On phones it rises from the bottom (thumb zone); from 640 px it is centred.
 * Loaded through dialog.tsx, which keeps Radix out of the first page load.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { i18n } from '../../lib/i18n/i18n.ts';
import {
  dialogContentClassName,
  dialogDescriptionClassName,
  dialogOverlayClassName,
  dialogTitleClassName,
} from './dialog-styles.ts';

export interface AppDialogProps {
  readonly open: boolean;
  /** Called with false when the person dismisses the dialog (Escape, backdrop, close button). */
  readonly onDismiss?: () => void;
  readonly title: ReactNode;
  readonly description?: ReactNode;
  /** Decorative art above the title. */
  readonly illustration?: ReactNode;
  readonly children: ReactNode;
  /** False for dialogs that must be answered with one of their buttons. */
  readonly dismissible?: boolean;
  /** A dialog that is not dismissible: told when Escape or a tap outside tried (to say why not). */
  readonly onBlockedDismiss?: () => void;
  readonly showCloseButton?: boolean;
  /** 'wide' for a photo to look at: up to 60 rem on large screens (on phones the same sheet). */
  readonly size?: 'default' | 'wide';
  /** Test id / e2e hook. */
  readonly testId?: string;
  /**
   * Open from the page's first screen (the terms): drawn in place as the server draws it, and
   * made modal there, until it closes (static-dialog.tsx), rather than as the Radix dialog.
   * Mounting the Radix dialog with the first screen made a synchronous second render and a
   * forced layout of the whole page (issue 28: Total Blocking Time), and its code had to
   * arrive first; swapping it in later painted the screen's largest text again, later.
   */
  readonly openInPlace?: boolean;
}

export function RadixAppDialog({
  open,
  onDismiss,
  title,
  description,
  illustration,
  children,
  dismissible = true,
  showCloseButton = dismissible,
  testId,
  onBlockedDismiss,
  size = 'default',
}: AppDialogProps) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && dismissible) onDismiss?.();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogOverlayClassName} />
        <RadixDialog.Content
          ref={content}
          data-testid={testId}
          className={dialogContentClassName(size)}
          // Focus the dialog itself, so screen readers start at its title and no button
          // looks pre-selected; Tab then walks its controls.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (dismissible) return;
            event.preventDefault();
            onBlockedDismiss?.();
          }}
          onInteractOutside={(event) => {
            if (dismissible) return;
            event.preventDefault();
            onBlockedDismiss?.();
          }}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          {illustration}
          <RadixDialog.Title className={dialogTitleClassName}>{title}</RadixDialog.Title>
          {description !== undefined && (
            <RadixDialog.Description className={dialogDescriptionClassName}>
              {description}
            </RadixDialog.Description>
          )}
          {children}
          {showCloseButton && (
            <RadixDialog.Close
              className="absolute top-3 end-3 inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 focus-visible:outline-3 focus-visible:outline-sky-600"
              aria-label={i18n.t('common:close')}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
