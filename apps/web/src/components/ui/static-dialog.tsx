/**
 * An open dialog as the server draws it (src/ssr/): React portals do not render on the
 * server, so it sits in place, with the Radix dialog's classes and roles. The server's HTML
 * starts with no animation (the dialog is there from the first paint). In the browser a
 * dialog open from the first screen (`openInPlace`: the terms) stays drawn this way until it
 * closes, made modal in place (modal-in-place.ts); every other dialog is the Radix one, which
 * looks the same.
 */
import { useId, useRef, type Ref } from 'react';
import {
  dialogContentClassName,
  dialogDescriptionClassName,
  dialogOverlayClassName,
  dialogTitleClassName,
} from './dialog-styles.ts';
import { useModalInPlace } from './modal-in-place.ts';
import type { AppDialogProps } from './radix-dialog.tsx';

export function StaticDialog(props: AppDialogProps & { readonly modal?: boolean }) {
  return props.modal ? <ModalStaticDialog {...props} /> : <DrawnDialog {...props} />;
}

function ModalStaticDialog(props: AppDialogProps) {
  const { dismissible = true, onDismiss, onBlockedDismiss } = props;
  const wrapper = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const onOutsideAction = () => {
    if (dismissible) onDismiss?.();
    else onBlockedDismiss?.();
  };
  useModalInPlace(wrapper, content, { onOutsideAction });
  return (
    <DrawnDialog {...props} wrapperRef={wrapper} contentRef={content} onOverlayClick={onOutsideAction} />
  );
}

interface DrawnDialogProps extends AppDialogProps {
  readonly wrapperRef?: Ref<HTMLDivElement>;
  readonly contentRef?: Ref<HTMLDivElement>;
  readonly onOverlayClick?: () => void;
}

function DrawnDialog({
  title,
  description,
  illustration,
  children,
  size = 'default',
  testId,
  wrapperRef,
  contentRef,
  onOverlayClick,
}: DrawnDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <div data-ssr-dialog="" ref={wrapperRef}>
      <div
        className={dialogOverlayClassName.replace(' motion-safe:animate-fade-in', '')}
        onClick={onOverlayClick}
      />
      <div
        ref={contentRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        {...(description === undefined ? {} : { 'aria-describedby': descriptionId })}
        data-testid={testId}
        tabIndex={-1}
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
