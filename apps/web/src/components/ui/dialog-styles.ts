/**
 * The dialog's look, shared by the Radix dialog (radix-dialog.tsx) and the same dialog drawn
 * as HTML by the server (static-dialog.tsx), so the app's takeover from that HTML is invisible.
 */
/**
 * A dimmed page behind a dialog, not a blurred one: a backdrop filter is drawn again over the
 * whole screen in every frame, and without a GPU (or on a low-end phone's) that was a core's
 * worth of work through a first visit, under the terms dialog (issue 42: the compositor's
 * 430-460 ms of CPU in the first 1.7 s fell to 50-60 ms without it).
 */
export const dialogOverlayClassName = 'fixed inset-0 z-[1000] bg-ink/55 motion-safe:animate-fade-in';

export function dialogContentClassName(size: 'default' | 'wide'): string {
  return `fixed inset-x-0 bottom-0 z-[1001] max-h-[92dvh] overflow-y-auto rounded-t-[2rem] bg-white px-6 pt-7 pb-[max(1.5rem,env(safe-area-inset-bottom))] shadow-2xl focus:outline-none motion-safe:animate-rise-in sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[2rem] sm:p-8 ${size === 'wide' ? 'sm:w-[min(60rem,calc(100vw-3rem))] sm:max-h-[calc(100dvh-3rem)]' : 'sm:w-[28rem]'}`;
}

export const dialogTitleClassName = 'font-display text-2xl leading-tight font-semibold text-ink sm:text-3xl';
export const dialogDescriptionClassName = 'mt-3 text-base leading-relaxed text-gray-700';
