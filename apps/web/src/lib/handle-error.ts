/**
 * The web app's one error path for things the person should know about (house style): log
 * the details for developers, show a short toast for people. Toasts close after 5 s.
 * react-toastify loads with the first toast (or after the first paint, see provider.tsx):
 * no page needs it to draw, and its toasts wait for their container.
 */
import { ApiError } from './api-client.ts';

let toastify: Promise<typeof import('react-toastify')> | undefined;

/** react-toastify, loaded once. */
export function loadToasts(): Promise<typeof import('react-toastify')> {
  toastify ??= import('react-toastify');
  return toastify;
}

/** Shows `message` (or the error's own API message) and logs the error. */
export function handleError(error: unknown, message?: string): void {
  console.error(error);
  const text =
    message ??
    (error instanceof ApiError ? error.message : 'Something did not work. Please try again in a moment.');
  // The same text twice in a row (say, two failed fetches) shows one toast.
  void loadToasts().then(({ toast }) => toast.error(text, { toastId: text }));
}

export function notifySuccess(message: string): void {
  void loadToasts().then(({ toast }) => toast.success(message, { toastId: message }));
}
