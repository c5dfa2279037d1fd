/**
 * An open dialog as the server draws it (src/ssr/): React portals do not render on the
 * server, so it sits in place, with the Radix dialog's classes and roles. It is only looked
 * at until the app takes over, and then replaced by the real one, which looks the same.
 * The server's HTML starts with no animation (the dialog is there from the first paint).
 */
import { useId } from 'react';
import {
  dialogContentClassName,
  dialogDescriptionClassName,
  dialogOverlayClassName,
  dialogTitleClassName,
} from './dialog-styles.ts';
import type { AppDialogProps } from './radix-dialog.tsx';

export function StaticDialog({
  title,
  description,
  illustration,
  children,
  size = 'default',
  testId,
}: AppDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div data-ssr-dialog="">
      <div className={dialogOverlayClassName.replace(' motion-safe:animate-fade-in', '')} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        {...(description === undefined ? {} : { 'aria-describedby': descriptionId })}
        data-testid={testId}
        className={dialogContentClassName(size).replace(' motion-safe:animate-rise-in', '')}
      >
        {illustration}
        <h2 id={titleId} className={dialogTitleClassName}>
          {title}
        </h2>
        {description !== undefined && (
          <p id={descriptionId} className={dialogDescriptionClassName}>
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
