/**
 * The web app's one error path for things the person should know about (house style): log
 * the details for developers, show a short toast for people. Toasts close after 5 s.
 */
import { toast } from 'react-toastify';
import { ApiError } from './api-client.ts';

/** Shows `message` (or the error's own API message) and logs the error. */
export function handleError(error: unknown, message?: string): void {
  console.error(error);
  const text =
    message ??
    (error instanceof ApiError ? error.message : 'Something did not work. Please try again in a moment.');
  // The same text twice in a row (say, two failed fetches) shows one toast.
  toast.error(text, { toastId: text });
}

export function notifySuccess(message: string): void {
  toast.success(message, { toastId: message });
}
